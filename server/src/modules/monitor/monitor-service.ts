import type { LoadSample, MonitorSnapshot } from '@blade/schema';
import type { Services } from '../../services.js';
import type { ServerMetrics } from './metrics.js';
import { diskUse, type JobRunCount, jobRunCounts, nextRuns } from './readings.js';

/** Samples the request rate and error rate are averaged over. */
const RECENT_SAMPLES = 12;
/** The store's figures are left out rather than awaited longer than this (Redis away). */
const STORE_WAIT_MS = 1_000;

type MonitorServices = Pick<Services, 'data' | 'store' | 'config'>;

const withinWait = <T>(work: Promise<T>): Promise<T | null> =>
  Promise.race([
    work.catch(() => null),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), STORE_WAIT_MS).unref()),
  ]);

function loadOf(samples: readonly LoadSample[]): MonitorSnapshot['load'] {
  const recent = samples.slice(-RECENT_SAMPLES);
  const mean = (pick: (s: LoadSample) => number) =>
    recent.length ? recent.reduce((sum, s) => sum + pick(s), 0) / recent.length : 0;
  const requests = mean((s) => s.requestsPerSecond);
  const last = recent.at(-1);
  return {
    requestsPerSecond: requests,
    errorRate: requests > 0 ? mean((s) => s.errorsPerSecond) / requests : 0,
    cpuPercent: mean((s) => s.cpuPercent),
    loopP50Ms: last?.loopP50Ms ?? 0,
    loopP99Ms: last?.loopP99Ms ?? 0,
  };
}

const sumOf = (counts: JobRunCount[], state?: string) =>
  counts.filter((c) => !state || c.state === state).reduce((sum, c) => sum + c.count, 0);

/** Reads the figures of the monitor screen from the collectors /metrics prints and a few more reads. */
export async function monitorSnapshot(
  services: MonitorServices,
  metrics: ServerMetrics,
): Promise<MonitorSnapshot> {
  const { data, config } = services;
  const [store, runs, next, storage] = await Promise.all([
    withinWait(services.store.stats()),
    jobRunCounts(data),
    nextRuns(data),
    diskUse(config.dataDir),
  ]);
  const memory = process.memoryUsage();
  const samples = metrics.samples();
  return {
    process: {
      uptimeSeconds: Math.round(process.uptime()),
      node: process.version,
      pid: process.pid,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
    },
    load: loadOf(samples),
    samples,
    database: {
      dialect: data.dialect,
      pool: data.poolUse() ?? null,
      statements: data.queries,
      slowest: data.statements.slowest(),
    },
    store,
    scheduler: {
      enabled: config.jobs.enabled,
      running: sumOf(runs, 'running'),
      failed24h: sumOf(runs, 'failed'),
      runs24h: sumOf(runs),
      next,
    },
    storage: storage ?? null,
  };
}
