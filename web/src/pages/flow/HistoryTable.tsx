import { Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useLanguageStore, useT } from '../../i18n';
import type { HistoryEntry } from './flowApi';
import { activityLabel, formatDuration, visibleHistory } from './history';

/** The ordered history of an instance: activity, assignee, comment, start, end, duration. */
export function HistoryTable({ entries }: { entries: readonly HistoryEntry[] }) {
  const t = useT();
  const language = useLanguageStore((s) => s.language);
  const rows = useMemo(() => visibleHistory(entries), [entries]);
  const columns: TableColumnsType<HistoryEntry> = [
    { key: 'activity', title: t('flow.activity'), render: (_, e) => activityLabel(e) },
    { key: 'assignee', title: t('flow.assignee'), dataIndex: 'assignee' },
    { key: 'comment', title: t('flow.comment'), dataIndex: 'comment' },
    { key: 'start', title: t('flow.startTime'), dataIndex: 'startTime', width: 170 },
    { key: 'end', title: t('flow.endTime'), dataIndex: 'endTime', width: 170 },
    {
      key: 'duration',
      title: t('flow.duration'),
      width: 120,
      render: (_, e) => formatDuration(e.durationMs, language),
    },
  ];
  return (
    <Table<HistoryEntry>
      className="flow-history"
      size="small"
      bordered
      pagination={false}
      rowKey={(e, i) => `${e.activityId}-${i ?? 0}`}
      columns={columns}
      dataSource={rows}
    />
  );
}
