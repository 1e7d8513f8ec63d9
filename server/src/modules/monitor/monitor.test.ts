import type { MonitorSnapshot } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { nextId } from '../../core/ids.js';
import { toDbTime } from '../../core/time.js';
import { tenantWithAdmin } from '../../test/fixtures.js';
import { serverForDescribe, signIn } from '../../test/harness.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Reads the Prometheus text format: `# HELP` and `# TYPE` lines, then `name{label="value",…} number`. */
function parseMetrics(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1]!, type[2]!);
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!.replace(/\\(.)/g, '$1');
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return { samples, types };
}

const TOKEN = 'scrape-token-for-tests-0123456789';
const TENANT = '734125';

const sumOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

describe('metrics and the monitor', () => {
  const t = serverForDescribe({ METRICS_TOKEN: TOKEN });

  const scrape = async (token = t.admin) => {
    const res = await t.call({ method: 'GET', url: '/metrics' }, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return parseMetrics(res.body);
  };

  it('counts requests by route pattern and status, with their latency, and failed sign-ins', async () => {
    const before = (await scrape()).samples;
    const route = { method: 'GET', route: '/api/blade-auth/oauth/user-info', status: '200' };
    for (let i = 0; i < 3; i++) await t.ok({ method: 'GET', url: '/api/blade-auth/oauth/user-info' });
    expect((await signIn(t.app, { password: 'not-the-password' })).statusCode).toBeGreaterThanOrEqual(400);

    const { samples, types } = await scrape();
    expect(types.get('blade_http_requests_total')).toBe('counter');
    expect(types.get('blade_http_request_duration_seconds')).toBe('histogram');
    expect(
      sumOf(samples, 'blade_http_requests_total', route) - sumOf(before, 'blade_http_requests_total', route),
    ).toBe(3);
    const latency = { method: 'GET', route: route.route };
    expect(
      sumOf(samples, 'blade_http_request_duration_seconds_count', latency) -
        sumOf(before, 'blade_http_request_duration_seconds_count', latency),
    ).toBe(3);
    const failures = { route: '/api/blade-auth/oauth/token' };
    expect(
      sumOf(samples, 'blade_sign_in_failures_total', failures) -
        sumOf(before, 'blade_sign_in_failures_total', failures),
    ).toBe(1);
    // The process's own figures and the database's are there too.
    expect(sumOf(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sumOf(samples, 'blade_db_statements_total')).toBeGreaterThan(0);
    if (t.services.data.dialect === 'postgres')
      expect(sumOf(samples, 'blade_db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
  });

  it('counts job runs and imports of the last day by job and state', async () => {
    const db = t.services.data.unscoped();
    const job = await db.selectFrom('blade_job').select(['id', 'job_name']).executeTakeFirstOrThrow();
    const now = toDbTime(new Date());
    await db
      .insertInto('blade_job_run')
      .values({
        id: nextId(),
        tenant_id: '',
        job_id: job.id,
        job_name: job.job_name,
        cause: 'manual',
        scheduled_at: now,
        state: 'failed',
        started_at: now,
        ended_at: now,
        duration_ms: 1,
        progress: null,
        progress_text: null,
        result: null,
        error: null,
        owner: null,
        lease_until: null,
      })
      .execute();
    const { samples } = await scrape();
    expect(sumOf(samples, 'blade_job_runs', { job: job.job_name, state: 'failed' })).toBeGreaterThanOrEqual(
      1,
    );
    const monitor = await t.ok<MonitorSnapshot>({ method: 'GET', url: '/api/blade-monitor/server' });
    expect(monitor.scheduler.failed24h).toBeGreaterThanOrEqual(1);
  });

  it('answers the platform administrator and the scrape token, and refuses everyone else', async () => {
    const tenantAdmin = await tenantWithAdmin(t.app, t.services, TENANT);
    const bearer = (token: string) =>
      t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect((await bearer(TOKEN)).statusCode).toBe(200);
    expect(parseMetrics((await bearer(TOKEN)).body).samples.length).toBeGreaterThan(0);
    expect((await bearer(`${TOKEN}x`)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect(await t.status({ method: 'GET', url: '/metrics' }, tenantAdmin)).toBe(403);
    // A tenant's administrator holding its own token as the scrape token gets nowhere either.
    expect((await bearer(tenantAdmin)).statusCode).toBe(401);
    expect(await t.status({ method: 'GET', url: '/api/blade-monitor/server' }, tenantAdmin)).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/blade-monitor/server' })).statusCode).toBe(401);
  });

  it('names no tenant, URL or value in a label or a figure', async () => {
    const tenantAdmin = await tenantWithAdmin(t.app, t.services, '734126');
    const marker = 'Zhang-Private-Remark-42';
    await t.ok({ method: 'GET', url: '/api/blade-system/tenant/list', query: { tenantName: marker } });
    await t.ok({ method: 'GET', url: '/api/blade-user/page', query: { account: marker } }, tenantAdmin);
    await t.call({ method: 'GET', url: `/api/no-such-route/${TENANT}?q=${marker}` }, tenantAdmin);
    await t.app.metrics.sample();

    const { samples } = await scrape();
    const labels = samples.flatMap((s) => Object.values(s.labels));
    for (const value of labels) {
      expect(value).not.toContain('734126');
      expect(value).not.toContain(TENANT);
      expect(value).not.toContain(marker);
      expect(value).not.toContain('?');
    }
    // The unknown path is counted under a pattern, not as written.
    expect(sumOf(samples, 'blade_http_requests_total', { status: '404' })).toBeGreaterThan(0);

    const res = await t.call({ method: 'GET', url: '/api/blade-monitor/server' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(marker);
    expect(res.body).not.toContain(TENANT);
    expect(res.body).not.toContain('734126');
    const monitor = res.json<{ data: MonitorSnapshot }>().data;
    expect(monitor.process.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(monitor.process.rssBytes).toBeGreaterThan(0);
    expect(monitor.database.dialect).toBe(t.services.data.dialect);
    expect(monitor.database.slowest.length).toBeGreaterThan(0);
    expect(monitor.samples.length).toBeGreaterThan(0);
    expect(monitor.store).toMatchObject({ connected: true });
    expect(monitor.storage?.freeBytes).toBeGreaterThan(0);
    expect(monitor.scheduler.next.length).toBeGreaterThan(0);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('the monitor with Redis', () => {
  const t = serverForDescribe({ REDIS_URL: process.env.TEST_REDIS_URL ?? '', REDIS_PREFIX: 'monitor-test:' });

  it("shows Redis's connection, memory and keys", async () => {
    const monitor = await t.ok<MonitorSnapshot>({ method: 'GET', url: '/api/blade-monitor/server' });
    expect(monitor.store).toMatchObject({ kind: 'redis', connected: true });
    expect(monitor.store?.memoryBytes).toBeGreaterThan(0);
    expect(monitor.store?.keys).toBeGreaterThanOrEqual(0);
  });
});
