import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import type { LoadSample } from '@blade/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DataAccess } from '../../db/database.js';
import { importCounts, jobRunCounts } from './readings.js';

/**
 * The server's collectors: one set of counters, histograms and gauges that /metrics prints in the
 * Prometheus text format and the monitor screen reads as figures. Labels name route patterns,
 * methods, statuses and job names, never a URL, a tenant or a value.
 */

/** Where sign-ins, refreshes and single sign-on answer: a 4xx there is a failed sign-in. */
const SIGN_IN_ROUTES: ReadonlySet<string> = new Set([
  '/api/blade-auth/oauth/token',
  '/api/blade-auth/oauth/token/refresh',
  '/api/blade-auth/token',
  '/api/sq-user/sso',
]);

/** Requests no route answered (404s of unknown paths): one label, whatever the path. */
const UNMATCHED = 'unmatched';

/** How often a load sample is taken, and how many are kept (six minutes of them). */
export const SAMPLE_MS = 5_000;
const SAMPLES_KEPT = 72;

/** The event-loop delay timer's interval: every reading includes it, so it is taken off. */
const LOOP_RESOLUTION_MS = 10;

/** A percentile of the loop's delay in milliseconds, beyond the timer's own interval. */
const delayMs = (loop: IntervalHistogram, percentile: number): number =>
  loop.count ? Math.max(0, loop.percentile(percentile) / 1e6 - LOOP_RESOLUTION_MS) : 0;

let processRegistry: Registry | undefined;

/** CPU, memory, heap, GC and handles: the process's, so registered once whatever the number of apps. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's collectors (see monitor/metrics.ts). */
    metrics: ServerMetrics;
  }
}

interface Totals {
  at: number;
  requests: number;
  errors: number;
  cpu: NodeJS.CpuUsage;
}

export class ServerMetrics {
  private readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route'>;
  private readonly signInFailures: Counter<'route' | 'status'>;
  private readonly loop: IntervalHistogram = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  private readonly kept: LoadSample[] = [];
  private last: Totals = { at: Date.now(), requests: 0, errors: 0, cpu: process.cpuUsage() };
  private timer: NodeJS.Timeout | undefined;

  constructor(data: DataAccess) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'blade_http_requests_total',
      help: 'Requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: 'blade_http_request_duration_seconds',
      help: 'Time to answer a request, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.signInFailures = new Counter({
      name: 'blade_sign_in_failures_total',
      help: 'Sign-in, refresh and single sign-on calls refused, by route pattern and status.',
      labelNames: ['route', 'status'],
      registers,
    });
    const metrics = this;
    new Gauge({
      name: 'blade_event_loop_delay_seconds',
      help: `Event-loop delay over the last ${SAMPLE_MS / 1000} seconds, by quantile.`,
      labelNames: ['quantile'],
      registers,
      collect() {
        const sample = metrics.kept.at(-1);
        if (!sample) return;
        this.set({ quantile: '0.5' }, sample.loopP50Ms / 1000);
        this.set({ quantile: '0.99' }, sample.loopP99Ms / 1000);
      },
    });
    new Gauge({
      name: 'blade_db_pool_connections',
      help: 'PostgreSQL pool connections: max, open, in use, idle, and queries waiting for one.',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = data.poolUse();
        if (!pool) return;
        this.set({ state: 'max' }, pool.max);
        this.set({ state: 'open' }, pool.total);
        this.set({ state: 'in_use' }, pool.total - pool.idle);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Counter({
      name: 'blade_db_statements_total',
      help: 'Statements run on the database by this process.',
      registers,
      collect() {
        this.reset();
        this.inc(data.queries);
      },
    });
    new Gauge({
      name: 'blade_job_runs',
      help: 'Scheduled job runs begun in the last 24 hours and runs still going, by job and state (all processes).',
      labelNames: ['job', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const row of await jobRunCounts(data).catch(() => []))
          this.set({ job: row.job, state: row.state }, row.count);
      },
    });
    new Gauge({
      name: 'blade_import_jobs',
      help: 'Spreadsheet imports begun in the last 24 hours and imports still running, by status (all processes).',
      labelNames: ['status'],
      registers,
      async collect() {
        this.reset();
        for (const row of await importCounts(data).catch(() => []))
          this.set({ status: row.status }, row.count);
      },
    });
  }

  /** Records every answer (one counter and one histogram step) and samples the load until the app closes. */
  install(app: FastifyInstance): void {
    app.decorate('metrics', this as ServerMetrics);
    app.addHook('onResponse', (request, reply, done) => {
      this.record(request, reply);
      done();
    });
    this.loop.enable();
    this.timer = setInterval(() => void this.sample(), SAMPLE_MS);
    this.timer.unref();
    app.addHook('onClose', (_app, done) => {
      clearInterval(this.timer);
      this.loop.disable();
      done();
    });
  }

  private record(request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? UNMATCHED;
    const status = reply.statusCode;
    this.requests.inc({ method: request.method, route, status });
    this.duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (status >= 400 && SIGN_IN_ROUTES.has(route)) this.signInFailures.inc({ route, status });
  }

  /** Closes a sample period: requests and errors from the request counter, the loop's delay, CPU. */
  async sample(now = Date.now()): Promise<LoadSample> {
    let requests = 0;
    let errors = 0;
    for (const { value, labels } of (await this.requests.get()).values) {
      requests += value;
      if (Number(labels.status) >= 500) errors += value;
    }
    const cpu = process.cpuUsage();
    const seconds = Math.max((now - this.last.at) / 1000, 0.001);
    const cpuMicros = cpu.user - this.last.cpu.user + (cpu.system - this.last.cpu.system);
    const sample: LoadSample = {
      at: now,
      requestsPerSecond: (requests - this.last.requests) / seconds,
      errorsPerSecond: (errors - this.last.errors) / seconds,
      loopP50Ms: delayMs(this.loop, 50),
      loopP99Ms: delayMs(this.loop, 99),
      cpuPercent: (cpuMicros / 1e6 / seconds) * 100,
    };
    this.loop.reset();
    this.last = { at: now, requests, errors, cpu };
    this.kept.push(sample);
    if (this.kept.length > SAMPLES_KEPT) this.kept.shift();
    return sample;
  }

  /** The load samples of the last minutes, oldest first. */
  samples(): readonly LoadSample[] {
    return this.kept;
  }

  /** Every metric in the Prometheus text format: the process's, then the server's. */
  async text(): Promise<string> {
    const [own, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return `${process}\n${own}`;
  }

  readonly contentType = Registry.PROMETHEUS_CONTENT_TYPE;
}
