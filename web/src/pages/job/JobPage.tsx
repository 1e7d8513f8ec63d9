import { ReloadOutlined } from '@ant-design/icons';
import type { Job } from '@blade/schema';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Popover, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { holds } from '../../crud/access';
import { useCrudText } from '../../crud/i18n';
import { LIST_TABLE } from '../../crud/listTable';
import { useT } from '../../i18n';
import { usePinActions } from '../../store/layout';
import { useSession } from '../../store/session';
import { useConfirm } from '../flow/useConfirm';
import { jobApi } from './jobApi';
import { anyRunning, formatDuration, STATE_COLOR, STATE_TEXT } from './jobView';
import { RunOutcome, RunsDialog } from './RunsDialog';
import { ScheduleDialog } from './ScheduleDialog';
import './job.css';

/** How often the list reloads while a run is going (its progress moves). */
const LIVE_MS = 3000;

/** The five next runs of a job, as a list. */
function NextRuns({ job }: { job: Job }) {
  const t = useT();
  if (job.nextRuns.length === 0) return null;
  return (
    <Popover
      title={t('job.nextRuns')}
      trigger={['hover', 'click']}
      content={
        <ol className="job-next-runs">
          {job.nextRuns.map((time) => (
            <li key={time}>{time}</li>
          ))}
        </ol>
      }
    >
      <Button type="link" size="small" className="job-next-five">
        {t('job.nextFive')}
      </Button>
    </Popover>
  );
}

/**
 * 系统管理 › 定时任务: the jobs the caller may see (its tenant's, and the platform's for the
 * platform administrator) with schedule, state, last and next run; pause, resume, run now, edit
 * the schedule and each job's run history, by the caller's buttons.
 */
export default function JobPage() {
  const t = useT();
  const pinActions = usePinActions();
  const crud = useCrudText();
  const confirm = useConfirm();
  const permission = useSession((s) => s.permission);
  const can = (action: 'view' | 'edit' | 'state' | 'run') => holds(permission, `job_${action}`);
  const [editing, setEditing] = useState<Job | null>(null);
  const [history, setHistory] = useState<Job | null>(null);
  const jobs = useQuery({
    queryKey: ['jobs'],
    queryFn: jobApi.list,
    refetchInterval: (query) => (anyRunning(query.state.data?.records ?? []) ? LIVE_MS : false),
  });
  const reload = () => void jobs.refetch();

  const ask = (
    job: Job,
    key: 'job.confirmPause' | 'job.confirmResume' | 'job.confirmRun',
    action: () => Promise<unknown>,
    success?: string,
  ) => confirm({ content: t(key, { name: job.label }), action, done: reload, success });

  const columns: ColumnsType<Job> = [
    {
      title: t('job.name'),
      key: 'name',
      render: (_, job) => (
        <div className="job-name">
          <Space size={6} wrap>
            <Typography.Text strong>{job.label}</Typography.Text>
            {job.platform && (
              <Tooltip title={t('job.platformTip')}>
                <Tag color="purple">{t('job.platform')}</Tag>
              </Tooltip>
            )}
          </Space>
          <Typography.Text type="secondary" className="job-key">
            {job.name}
          </Typography.Text>
          <Typography.Text type="secondary" className="job-description">
            {job.description}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('job.schedule'),
      key: 'cron',
      render: (_, job) => (
        <div className="job-schedule">
          <Typography.Text code className="job-cron">
            {job.cron}
          </Typography.Text>
          <NextRuns job={job} />
        </div>
      ),
    },
    {
      title: t('job.state'),
      key: 'state',
      render: (_, job) =>
        job.state === 'running' && job.lastRun ? (
          <RunOutcome run={job.lastRun} />
        ) : (
          <Tag color={STATE_COLOR[job.state]}>{t(STATE_TEXT[job.state])}</Tag>
        ),
    },
    {
      title: t('job.lastRun'),
      key: 'lastRun',
      render: (_, job) => {
        const run = job.lastRun;
        if (!run) return <Typography.Text type="secondary">{t('job.neverRun')}</Typography.Text>;
        return (
          <div className="job-last-run">
            <span>{run.startTime}</span>
            {run.state !== 'running' && (
              <Space size={4}>
                <RunOutcome run={run} />
                <Typography.Text type="secondary">{formatDuration(run.durationMs)}</Typography.Text>
              </Space>
            )}
            {run.error && (
              <Typography.Text type="danger" ellipsis={{ tooltip: run.error }} className="job-last-error">
                {run.error}
              </Typography.Text>
            )}
          </div>
        );
      },
    },
    { title: t('job.nextRun'), dataIndex: 'nextRunTime', render: (time: string | null) => time ?? '' },
    {
      title: crud.t('actions'),
      key: 'actions',
      width: 180,
      ...(pinActions ? { fixed: 'right' as const } : {}),
      render: (_, job) => (
        <Space size={0} wrap className="job-actions">
          {can('state') &&
            (job.paused ? (
              <Button
                type="link"
                size="small"
                onClick={() => ask(job, 'job.confirmResume', () => jobApi.resume(job.id))}
              >
                {t('job.resume')}
              </Button>
            ) : (
              <Button
                type="link"
                size="small"
                onClick={() => ask(job, 'job.confirmPause', () => jobApi.pause(job.id))}
              >
                {t('job.pause')}
              </Button>
            ))}
          {can('run') && (
            <Button
              type="link"
              size="small"
              disabled={job.state === 'running'}
              onClick={() => ask(job, 'job.confirmRun', () => jobApi.run(job.id), t('job.started'))}
            >
              {t('job.runNow')}
            </Button>
          )}
          {can('edit') && (
            <Button type="link" size="small" onClick={() => setEditing(job)}>
              {t('job.edit')}
            </Button>
          )}
          {can('view') && (
            <Button type="link" size="small" onClick={() => setHistory(job)}>
              {t('job.history')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('job.title')}
      className="job-page"
      extra={
        <Button icon={<ReloadOutlined />} onClick={reload} loading={jobs.isFetching}>
          {t('job.refresh')}
        </Button>
      }
    >
      <Table<Job>
        {...LIST_TABLE}
        loading={jobs.isLoading}
        columns={columns}
        dataSource={jobs.data?.records ?? []}
        pagination={false}
      />
      {editing && (
        <ScheduleDialog
          job={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      {history && <RunsDialog job={history} onClose={() => setHistory(null)} />}
    </Card>
  );
}
