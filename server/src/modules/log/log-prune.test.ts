import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../core/ids.js';
import { toDbTime } from '../../core/time.js';
import { seedTenant } from '../../db/seed/seed.js';
import { build, type TestServer, tokenOf } from '../../test/harness.js';
import { runJobNow } from '../../test/jobs.js';

const DAY = 86_400_000;
const TABLES = ['blade_log_api', 'blade_log_usual', 'blade_log_error'] as const;

/** The log.prune job removes log rows past their retention, each table by its own setting. */
describe('log pruning', () => {
  let t: TestServer;
  let admin: string;

  beforeAll(async () => {
    t = await build({
      JOBS_ENABLED: 'false',
      API_LOG_RETENTION_DAYS: '7',
      USUAL_LOG_RETENTION_DAYS: '30',
      ERROR_LOG_RETENTION_DAYS: '0',
      LOGIN_LOG_RETENTION_DAYS: '7',
    });
    admin = (await tokenOf(t.app)).access_token;
    await t.services.logs.flush();
  });
  afterAll(() => t.close());

  /** A log row of a tenant, `days` old, marked so the test finds it again. */
  const row = (tenantId: string, days: number) => ({
    id: nextId(),
    tenant_id: tenantId,
    service_id: 'prune-test',
    create_time: toDbTime(new Date(Date.now() - days * DAY)),
  });
  const left = async (table: (typeof TABLES)[number]) =>
    (
      await t.services.data
        .unscoped()
        .selectFrom(table)
        .select(['tenant_id', 'create_time'])
        .where('service_id', '=', 'prune-test')
        .execute()
    ).length;

  it('removes rows past their retention for every tenant, keeps the rest, and keeps tables set to 0', async () => {
    const db = t.services.data.unscoped();
    for (const table of TABLES)
      for (const tenantId of ['000000', '424242'])
        await db
          .insertInto(table)
          .values([row(tenantId, 1), row(tenantId, 10), row(tenantId, 40), row(tenantId, 400)])
          .execute();
    // A tenant that no longer exists still has its old rows pruned.
    await seedTenant(db, '424242', 'gone');
    await db.updateTable('blade_tenant').set({ is_deleted: 1 }).where('tenant_id', '=', '424242').execute();

    const run = await runJobNow(t.app, admin, 'log.prune');
    expect(run.state).toBe('succeeded');
    expect(run.result).toMatch(/^删除接口日志 6 条、通用日志 4 条、错误日志 0 条、登录日志 \d+ 条$/);
    expect(await left('blade_log_api')).toBe(2);
    expect(await left('blade_log_usual')).toBe(4);
    expect(await left('blade_log_error')).toBe(8);
  });

  it('removes sign-in log rows past their own retention', async () => {
    const db = t.services.data.unscoped();
    const attempt = (days: number) => ({
      id: nextId(),
      tenant_id: '000000',
      account: 'prune-test',
      result: 'bad_credentials',
      create_time: toDbTime(new Date(Date.now() - days * DAY)),
    });
    await db
      .insertInto('blade_log_login')
      .values([attempt(1), attempt(10), attempt(400)])
      .execute();
    const run = await runJobNow(t.app, admin, 'log.prune');
    expect(run.result).toMatch(/登录日志 2 条$/);
    const kept = await db
      .selectFrom('blade_log_login')
      .select('id')
      .where('account', '=', 'prune-test')
      .execute();
    expect(kept).toHaveLength(1);
  });
});
