import type { MonitorSnapshot } from '@blade/schema';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Card,
  Col,
  Descriptions,
  Empty,
  List,
  Progress,
  Row,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useT } from '../../i18n';
import { formatDateTime } from '../../util/date';
import { LineChart } from './LineChart';
import { monitorApi } from './monitorApi';
import { formatBytes, formatMs, formatPercent, formatRate, formatUptime } from './monitorView';
import './monitor.css';

/** How often the figures are asked for while the page is open (the server samples every 5 s). */
const LIVE_MS = 5000;

/** The database kinds by their names (product names, the same in every language). */
const DIALECT_NAMES: Record<MonitorSnapshot['database']['dialect'], string> = {
  sqlite: 'SQLite',
  postgres: 'PostgreSQL',
  mysql: 'MySQL',
};

const time = (at: number) => formatDateTime(new Date(at)).slice(11);

function Charts({ snapshot }: { snapshot: MonitorSnapshot }) {
  const t = useT();
  const { samples } = snapshot;
  if (samples.length < 2)
    return (
      <Card>
        <Empty description={t('monitor.collecting')} />
      </Card>
    );
  const minutes = Math.max(1, Math.round((samples.at(-1)!.at - samples[0]!.at) / 60_000));
  const span = { from: time(samples[0]!.at), to: time(samples.at(-1)!.at) };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('monitor.requestChart', { minutes })}>
          <LineChart
            {...span}
            label={t('monitor.requestChart', { minutes })}
            format={formatRate}
            series={[
              {
                name: t('monitor.series.requests'),
                color: '#1677ff',
                values: samples.map((s) => s.requestsPerSecond),
              },
              {
                name: t('monitor.series.errors'),
                color: '#ff4d4f',
                values: samples.map((s) => s.errorsPerSecond),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('monitor.loopChart', { minutes })}>
          <LineChart
            {...span}
            label={t('monitor.loopChart', { minutes })}
            format={formatMs}
            series={[
              { name: t('monitor.series.p50'), color: '#52c41a', values: samples.map((s) => s.loopP50Ms) },
              { name: t('monitor.series.p99'), color: '#fa8c16', values: samples.map((s) => s.loopP99Ms) },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

function Figures({ snapshot }: { snapshot: MonitorSnapshot }) {
  const t = useT();
  const { process, load } = snapshot;
  const cards = [
    {
      key: 'uptime',
      title: t('monitor.uptime'),
      value: formatUptime(process.uptimeSeconds, t),
      hint: process.node,
    },
    {
      key: 'cpu',
      title: t('monitor.cpu'),
      value: `${load.cpuPercent.toFixed(1)}%`,
      hint: `PID ${process.pid}`,
    },
    {
      key: 'memory',
      title: t('monitor.memory'),
      value: formatBytes(process.rssBytes),
      hint: t('monitor.heap', {
        used: formatBytes(process.heapUsedBytes),
        total: formatBytes(process.heapTotalBytes),
      }),
    },
    {
      key: 'loop',
      title: t('monitor.loop'),
      value: formatMs(load.loopP99Ms),
      hint: t('monitor.loopValue', { p50: formatMs(load.loopP50Ms), p99: formatMs(load.loopP99Ms) }),
    },
    {
      key: 'requests',
      title: t('monitor.requests'),
      value: t('monitor.perSecond', { value: formatRate(load.requestsPerSecond) }),
      hint: '',
    },
    {
      key: 'errors',
      title: t('monitor.errorRate'),
      value: formatPercent(load.errorRate),
      hint: t('monitor.errorRateHint'),
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.key} xs={12} md={8} xl={4}>
          <Card size="small" className="monitor-figure" data-figure={card.key}>
            <Statistic title={card.title} value={card.value} />
            {card.hint ? <Typography.Text type="secondary">{card.hint}</Typography.Text> : null}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function Database({ snapshot }: { snapshot: MonitorSnapshot }) {
  const t = useT();
  const { database } = snapshot;
  const pool = database.pool;
  return (
    <Card size="small" title={t('monitor.database')}>
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t('monitor.dialect')}>{DIALECT_NAMES[database.dialect]}</Descriptions.Item>
        <Descriptions.Item label={t('monitor.pool')}>
          {pool
            ? t('monitor.poolValue', {
                inUse: pool.total - pool.idle,
                open: pool.total,
                max: pool.max,
                waiting: pool.waiting,
              })
            : t('monitor.poolNone')}
        </Descriptions.Item>
        <Descriptions.Item label={t('monitor.statements')}>{database.statements}</Descriptions.Item>
      </Descriptions>
      <Typography.Text strong>{t('monitor.slowest')}</Typography.Text>
      <Table
        className="monitor-slowest"
        size="small"
        rowKey="shape"
        pagination={false}
        dataSource={database.slowest}
        locale={{ emptyText: t('monitor.noSlow') }}
        columns={[
          {
            title: t('monitor.shape'),
            dataIndex: 'shape',
            render: (shape: string) => <code className="monitor-shape">{shape}</code>,
          },
          { title: t('monitor.duration'), dataIndex: 'ms', width: 90, render: (ms: number) => formatMs(ms) },
          {
            title: t('monitor.at'),
            dataIndex: 'at',
            width: 90,
            responsive: ['md'],
            render: (at: number) => time(at),
          },
        ]}
      />
    </Card>
  );
}

function Services({ snapshot }: { snapshot: MonitorSnapshot }) {
  const t = useT();
  const { store, scheduler, storage } = snapshot;
  const unknown = t('monitor.unknown');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12} xl={8}>
        <Card size="small" title={t('monitor.store')} className="monitor-card">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('monitor.storeKind')}>
              {store?.kind === 'redis' ? 'Redis' : t('monitor.storeMemoryKind')}
            </Descriptions.Item>
            <Descriptions.Item label={t('monitor.connected')}>
              {store?.connected ? (
                <Tag color="success">{t('monitor.connectedYes')}</Tag>
              ) : (
                <Tag color="error">{t('monitor.connectedNo')}</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('monitor.storeMemory')}>
              {store?.memoryBytes !== undefined ? formatBytes(store.memoryBytes) : unknown}
            </Descriptions.Item>
            <Descriptions.Item label={t('monitor.keys')}>{store?.keys ?? unknown}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Card size="small" title={t('monitor.scheduler')} className="monitor-card">
          {scheduler.enabled ? null : <Alert type="info" showIcon title={t('monitor.schedulerOff')} />}
          <Space size="large" wrap className="monitor-job-counts">
            <Statistic title={t('monitor.running')} value={scheduler.running} />
            <Statistic
              title={t('monitor.failed24h')}
              value={scheduler.failed24h}
              styles={{ content: scheduler.failed24h ? { color: '#cf1322' } : {} }}
            />
            <Statistic title={t('monitor.runs24h')} value={scheduler.runs24h} />
          </Space>
          <List
            size="small"
            header={<Typography.Text strong>{t('monitor.nextRuns')}</Typography.Text>}
            dataSource={scheduler.next}
            renderItem={(run) => (
              <List.Item className="monitor-next-run">
                <code>{run.job}</code>
                <span>{run.at}</span>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} md={12} xl={8}>
        <Card size="small" title={t('monitor.storage')} className="monitor-card">
          <Typography.Text>{t('monitor.diskFree')}</Typography.Text>
          {storage ? (
            <>
              <Progress
                percent={Math.round((1 - storage.freeBytes / storage.totalBytes) * 100)}
                status={storage.freeBytes / storage.totalBytes < 0.1 ? 'exception' : 'normal'}
              />
              <Typography.Text type="secondary">
                {t('monitor.diskValue', {
                  free: formatBytes(storage.freeBytes),
                  total: formatBytes(storage.totalBytes),
                })}
              </Typography.Text>
            </>
          ) : (
            <div>{unknown}</div>
          )}
        </Card>
      </Col>
    </Row>
  );
}

/**
 * 系统管理 › 服务监控 (platform only): the server's process, load, database, store, jobs and disk,
 * asked for again every few seconds while the page is open; the load of the last minutes as charts.
 */
export default function MonitorPage() {
  const t = useT();
  const query = useQuery({
    queryKey: ['monitor'],
    queryFn: monitorApi.snapshot,
    refetchInterval: LIVE_MS,
    refetchIntervalInBackground: false,
  });
  const snapshot = query.data;
  return (
    <div className="monitor-page">
      <Space className="monitor-live" size={8} wrap>
        <Tag color="processing">{t('monitor.live', { seconds: LIVE_MS / 1000 })}</Tag>
        {query.dataUpdatedAt ? (
          <Typography.Text type="secondary">
            {t('monitor.updated', { time: time(query.dataUpdatedAt) })}
          </Typography.Text>
        ) : null}
      </Space>
      {snapshot ? (
        <>
          <Figures snapshot={snapshot} />
          <Charts snapshot={snapshot} />
          <Services snapshot={snapshot} />
          <Database snapshot={snapshot} />
        </>
      ) : (
        <Card loading />
      )}
    </div>
  );
}
