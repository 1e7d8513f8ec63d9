import { LogoutOutlined, ReloadOutlined } from '@ant-design/icons';
import type { OnlineSession } from '@blade/schema';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { holds } from '../../crud/access';
import { useT } from '../../i18n';
import { useSession } from '../../store/session';
import { useConfirm } from '../flow/useConfirm';
import { onlineApi, type SessionSearch } from './onlineApi';
import { SessionTable } from './SessionTable';
import './online.css';

const PLATFORM = '000000';

/**
 * 系统管理 › 在线用户: the live sessions of the caller's tenant (of every tenant, with a tenant
 * filter, for the platform), and 强退 of one or many: each ends at its next request.
 */
export default function OnlinePage() {
  const t = useT();
  const confirm = useConfirm();
  const permission = useSession((s) => s.permission);
  const platform = useSession((s) => s.tenantId) === PLATFORM;
  const canEnd = holds(permission, 'online_logout');
  const [form] = Form.useForm<SessionSearch>();
  const [search, setSearch] = useState<SessionSearch>({});
  const [paging, setPaging] = useState({ current: 1, size: 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const sessions = useQuery({
    queryKey: ['online', paging, search],
    queryFn: () => onlineApi.list(paging, search),
  });
  const reload = () => {
    setSelected([]);
    void sessions.refetch();
  };
  const end = (ids: string[], content: string) =>
    confirm({ content, action: () => onlineApi.end(ids), done: reload, success: t('online.ended') });
  const endOne = (s: OnlineSession) => end([s.id], t('online.confirmEnd', { account: s.account }));

  return (
    <Card size="small" title={t('online.title')}>
      <Form
        form={form}
        layout="inline"
        className="online-search"
        onFinish={(values) => {
          setPaging((p) => ({ ...p, current: 1 }));
          setSearch(Object.fromEntries(Object.entries(values).filter(([, v]) => v)) as SessionSearch);
        }}
      >
        <Form.Item name="account" label={t('online.account')}>
          <Input allowClear maxLength={100} />
        </Form.Item>
        <Form.Item name="ip" label={t('online.ip')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        {platform && (
          <Form.Item name="tenantId" label={t('online.tenantId')}>
            <Input allowClear maxLength={12} />
          </Form.Item>
        )}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('online.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setSearch({});
              }}
            >
              {t('online.clear')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space wrap className="online-toolbar">
        {canEnd && (
          <Button
            danger
            icon={<LogoutOutlined />}
            disabled={selected.length === 0}
            onClick={() => end(selected, t('online.confirmEndMany', { count: selected.length }))}
          >
            {t('online.endSelected')}
          </Button>
        )}
        <Button icon={<ReloadOutlined />} onClick={reload} loading={sessions.isFetching}>
          {t('online.refresh')}
        </Button>
      </Space>
      <SessionTable
        rows={sessions.data?.records ?? []}
        loading={sessions.isLoading}
        showTenant={platform}
        {...(canEnd ? { onEnd: endOne, selected, onSelect: setSelected } : {})}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: sessions.data?.total ?? 0,
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
    </Card>
  );
}
