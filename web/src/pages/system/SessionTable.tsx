import type { OnlineSession } from '@blade/schema';
import { Button, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { LIST_TABLE } from '../../crud/listTable';
import { useT } from '../../i18n';
import { browserOf } from './browser';

interface Props {
  rows: OnlineSession[];
  loading: boolean;
  /** Show the tenant column (the platform sees every tenant's). */
  showTenant: boolean;
  /** Ends one session; absent when the caller may not. The caller's own session is never offered. */
  onEnd?: (session: OnlineSession) => void;
  selected?: string[];
  onSelect?: (ids: string[]) => void;
  pagination:
    | false
    | { current: number; pageSize: number; total: number; onChange: (page: number, size: number) => void };
}

/** Live sessions: who, where from, and when; shared by 在线用户 and personal info. */
export function SessionTable({ rows, loading, showTenant, onEnd, selected, onSelect, pagination }: Props) {
  const t = useT();
  const columns: ColumnsType<OnlineSession> = [
    {
      title: t('online.account'),
      key: 'account',
      render: (_, s) => (
        <div className="online-who">
          <Typography.Text strong>{s.account}</Typography.Text>
          {s.realName && <Typography.Text type="secondary">{s.realName}</Typography.Text>}
          {s.current && <Tag color="green">{t('online.current')}</Tag>}
        </div>
      ),
    },
    ...(showTenant
      ? [
          {
            title: t('online.tenant'),
            key: 'tenant',
            render: (_: unknown, s: OnlineSession) => (
              <div className="online-who">
                <span>{s.tenantName}</span>
                <Typography.Text type="secondary">{s.tenantId}</Typography.Text>
              </div>
            ),
          },
        ]
      : []),
    { title: t('online.client'), dataIndex: 'clientId' },
    { title: t('online.ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '' },
    {
      title: t('online.browser'),
      dataIndex: 'userAgent',
      render: (agent: string | null) => (
        <Tooltip title={agent}>
          <span className="online-browser">{browserOf(agent)}</span>
        </Tooltip>
      ),
    },
    { title: t('online.signedInAt'), dataIndex: 'signedInAt' },
    { title: t('online.lastSeen'), dataIndex: 'lastSeen', render: (time: string | null) => time ?? '' },
    { title: t('online.expiresAt'), dataIndex: 'expiresAt' },
    ...(onEnd
      ? [
          {
            title: t('online.actions'),
            key: 'actions',
            render: (_: unknown, s: OnlineSession) =>
              s.current ? null : (
                <Button type="link" size="small" danger onClick={() => onEnd(s)}>
                  {t('online.end')}
                </Button>
              ),
          },
        ]
      : []),
  ];
  return (
    <Table<OnlineSession>
      {...LIST_TABLE}
      className="online-table"
      loading={loading}
      columns={columns}
      dataSource={rows}
      pagination={pagination}
      {...(onSelect
        ? {
            rowSelection: {
              selectedRowKeys: selected ?? [],
              onChange: (keys) => onSelect(keys.map(String)),
              getCheckboxProps: (s: OnlineSession) => ({ disabled: s.current }),
            },
          }
        : {})}
    />
  );
}
