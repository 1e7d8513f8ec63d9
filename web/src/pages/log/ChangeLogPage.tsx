import { resources } from '@blade/schema';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { wireRange } from '../../crud/formValues';
import { ChangeList } from '../../crud/history/ChangeList';
import { ACTION_COLOR, actionText } from '../../crud/history/HistoryDialog';
import { type HistoryEntry, historyApi } from '../../crud/history/historyApi';
import { useCrudText } from '../../crud/i18n';
import { usePagedQuery } from '../../crud/usePagedQuery';
import { useT } from '../../i18n';
import '../../crud/history/history.css';

interface Filters {
  resource?: string;
  user?: string;
  rowId?: string;
  range?: [Dayjs, Dayjs] | null;
}

/** Resources whose rows the generic calls write, for the resource filter. */
const written = Object.values(resources).filter((r) =>
  r.endpoints.some((e) => e === 'submit' || e === 'save' || e === 'update' || e === 'remove'),
);

/**
 * 日志管理 › 数据变更: the tenant's recorded changes across resources, newest first, filtered by
 * resource, account, row and time, each with its field differences by label.
 */
export default function ChangeLogPage() {
  const t = useT();
  const { label } = useCrudText();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Record<string, string>>({});
  const { setPage, table } = usePagedQuery(['data-changes', filters], (current, size) =>
    historyApi.page({ ...filters, current, size }),
  );
  const search = ({ resource, user, rowId, range }: Filters) => {
    const [startTime, endTime] = range ? wireRange(range) : [undefined, undefined];
    const next = Object.fromEntries(
      Object.entries({ resource, user: user?.trim(), rowId: rowId?.trim(), startTime, endTime }).filter(
        (e): e is [string, string] => Boolean(e[1]),
      ),
    );
    setFilters(next);
    setPage((p) => ({ ...p, current: 1 }));
  };
  const columns: ColumnsType<HistoryEntry> = [
    { key: 'time', dataIndex: 'createTime', title: t('history.time'), width: 170 },
    {
      key: 'resource',
      dataIndex: 'resource',
      title: t('history.resource'),
      width: 120,
      render: (name: string) => (resources[name] ? label(resources[name].label) : name),
    },
    { key: 'rowId', dataIndex: 'rowId', title: t('history.rowId'), width: 170 },
    {
      key: 'action',
      dataIndex: 'action',
      title: t('history.action'),
      width: 100,
      render: (action: HistoryEntry['action']) => (
        <Tag color={ACTION_COLOR[action]}>{t(actionText(action))}</Tag>
      ),
    },
    { key: 'by', dataIndex: 'createBy', title: t('history.account'), width: 110 },
    {
      key: 'changes',
      title: t('history.changes'),
      render: (_, entry) => <ChangeList resource={resources[entry.resource]} changes={entry.changes} />,
    },
    { key: 'request', dataIndex: 'requestId', title: t('history.request'), width: 120, ellipsis: true },
  ];
  return (
    <Card size="small" title={t('history.pageTitle')} className="data-changes-page">
      <Form form={form} layout="inline" onFinish={search} style={{ rowGap: 8, marginBottom: 12 }}>
        <Form.Item name="resource" label={t('history.resource')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 180 }}
            options={written.map((r) => ({ value: r.name, label: label(r.label) }))}
          />
        </Form.Item>
        <Form.Item name="user" label={t('history.account')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="rowId" label={t('history.rowId')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        {/* The range with times is wider than a phone: it shrinks to the line there. */}
        <Form.Item name="range" label={t('history.time')} style={{ maxWidth: '100%' }}>
          <DatePicker.RangePicker showTime style={{ maxWidth: '100%' }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('crud.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search({});
              }}
            >
              {t('crud.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<HistoryEntry> rowKey="id" size="middle" bordered {...table} columns={columns} />
    </Card>
  );
}
