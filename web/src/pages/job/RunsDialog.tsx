import type { Job, JobRun } from '@blade/schema';
import { Modal, Progress, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { usePagedQuery } from '../../crud/usePagedQuery';
import { useT } from '../../i18n';
import { jobApi } from './jobApi';
import { CAUSE_TEXT, formatDuration, OUTCOME_COLOR, OUTCOME_TEXT } from './jobView';

/** How often the history reloads while one of its runs is going. */
const LIVE_MS = 2000;

/** A run's outcome: a tag, with the progress bar of a run still going. */
export function RunOutcome({ run }: { run: JobRun }) {
  const t = useT();
  return (
    <span className="job-outcome">
      <Tag color={OUTCOME_COLOR[run.state]}>{t(OUTCOME_TEXT[run.state])}</Tag>
      {run.state === 'running' && run.progress !== null && (
        <Progress
          percent={run.progress}
          size="small"
          status="active"
          style={{ width: 120, margin: 0 }}
          aria-label={t('job.progress')}
        />
      )}
    </span>
  );
}

/** 运行记录: a job's runs, newest first, with duration, outcome, what they did or why they failed. */
export function RunsDialog({ job, onClose }: { job: Job; onClose: () => void }) {
  const t = useT();
  const { query: runs, table } = usePagedQuery(
    ['job-runs', job.id],
    (current, size) => jobApi.runs(job.id, current, size),
    {
      refetchInterval: (query) =>
        query.state.data?.records.some((r) => r.state === 'running') ? LIVE_MS : false,
    },
  );
  const showServer = runs.data?.records.some((r) => r.server !== undefined) ?? false;
  const columns: ColumnsType<JobRun> = [
    { title: t('job.cause'), dataIndex: 'cause', render: (cause: JobRun['cause']) => t(CAUSE_TEXT[cause]) },
    { title: t('job.scheduled'), dataIndex: 'scheduledTime' },
    { title: t('job.start'), dataIndex: 'startTime' },
    { title: t('job.end'), dataIndex: 'endTime', render: (end: string | null) => end ?? '' },
    {
      title: t('job.duration'),
      dataIndex: 'durationMs',
      align: 'right',
      render: (ms: number | null) => formatDuration(ms),
    },
    { title: t('job.outcome'), key: 'outcome', render: (_, run) => <RunOutcome run={run} /> },
    {
      title: t('job.detail'),
      key: 'detail',
      render: (_, run) =>
        run.error ? (
          <Typography.Text type="danger" className="job-run-error">
            {run.error}
          </Typography.Text>
        ) : (
          (run.result ?? run.progressText ?? '')
        ),
    },
    ...(showServer
      ? [{ title: t('job.server'), dataIndex: 'server', render: (s: string | null) => s ?? '' }]
      : []),
  ];
  return (
    <Modal
      open
      title={t('job.historyTitle', { name: job.label })}
      width={1100}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      className="job-runs-dialog"
    >
      <Table<JobRun> rowKey="id" size="small" bordered {...table} columns={columns} />
    </Modal>
  );
}
