import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { AuthContext } from '../../core/http.js';
import { liveRow, liveRowsAmong } from '../../db/live-row.js';
import type { Database, GlobalDatabase } from '../../db/tables.js';
import { isCandidate } from './candidates.js';

/**
 * The workflow's list and model queries (the screens' reads and the model table's writes), so the
 * routes only parse, check and answer; the engine's own writes are in flow-service.ts.
 */

type Db = Kysely<Database>;

/**
 * A list query, counted and cut in the database: `q` holds the joins and conditions, `shape` the
 * columns and order of a page.
 */
function paged<DB, TB extends keyof DB, O0, O>(
  q: SelectQueryBuilder<DB, TB, O0>,
  shape: (q: SelectQueryBuilder<DB, TB, O0>) => SelectQueryBuilder<DB, TB, O>,
) {
  return {
    // Only `n` is selected; the generic query type cannot show it, so it is named.
    count: async () =>
      Number(
        (
          await q
            .select(sql<number>`count(*)`.as('n'))
            .$castTo<{ n: number | string }>()
            .executeTakeFirstOrThrow()
        ).n,
      ),
    rows: (limit: number, offset: number) => shape(q).limit(limit).offset(offset).execute(),
  };
}

// ----- models -------------------------------------------------------------------------------

/** A model that is not removed, or 404. */
export function modelOf(db: Db, id: number) {
  return liveRow(db, 'flow_model', id);
}

// ----- deployments and instances -------------------------------------------------------------

/** The columns of a definitions page: the definition's, with its deployment's time and name. */
const DEFINITION_COLUMNS = [
  'd.id',
  'd.process_key',
  'd.name',
  'd.version',
  'd.category',
  'd.suspended',
  'd.deployment_id',
  'p.deploy_time',
  'p.name as deployment_name',
] as const;

/** Every deployed definition with its deployment, newest first. */
export function definitionPage(db: Db) {
  const q = db
    .selectFrom('flow_definition as d')
    .innerJoin('flow_deployment as p', 'p.id', 'd.deployment_id')
    .where('d.is_deleted', '=', 0);
  return paged(q, (q) =>
    q
      .select([...DEFINITION_COLUMNS])
      .orderBy('p.deploy_time', 'desc')
      .orderBy('d.id', 'desc'),
  );
}

/** The tenants of `tenantIds` that exist (deployments to other tenants name them). */
export async function existingTenants(global: Kysely<GlobalDatabase>, tenantIds: string[]) {
  const rows = await liveRowsAmong(global, 'blade_tenant', 'tenant_id', tenantIds);
  return rows.map((r) => r.tenant_id);
}

/** The process key of a definition (undefined when there is none). */
export async function processKeyOf(db: Db, definitionId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('flow_definition')
    .select('process_key')
    .where('id', '=', definitionId)
    .executeTakeFirst();
  return row?.process_key;
}

/** Running instances, for the follow-up screen. */
export function runningPage(db: Db) {
  const q = db.selectFrom('flow_instance').where('state_name', '=', 'running').where('is_deleted', '=', 0);
  return paged(q, (q) =>
    q
      .select([
        'id',
        'name',
        'process_key',
        'business_key',
        'starter_id',
        'starter_name',
        'start_time',
        'current_activities',
      ])
      .orderBy('start_time', 'desc'),
  );
}

// ----- work lists (each shows the caller's own items) ------------------------------------------

/** The latest version of every process key that is not suspended: what a caller may start. */
export function startablePage(db: Db) {
  const latest = db
    .selectFrom('flow_definition')
    .select(['process_key', (eb) => eb.fn.max<number>('version').as('version')])
    .where('is_deleted', '=', 0)
    .groupBy('process_key');
  const q = db
    .selectFrom('flow_definition as d')
    .innerJoin(latest.as('l'), (j) =>
      j.onRef('l.process_key', '=', 'd.process_key').onRef('l.version', '=', 'd.version'),
    )
    .where('d.is_deleted', '=', 0)
    .where('d.suspended', '=', 0);
  return paged(q, (q) =>
    q.select(['d.id', 'd.process_key', 'd.name', 'd.version', 'd.category']).orderBy('d.name'),
  );
}

const TASK_COLUMNS = [
  't.id',
  't.name',
  't.activity_id',
  't.instance_id',
  't.create_time',
  't.claim_time',
  't.end_time',
  't.comment',
  't.approved',
  't.assignee_id',
  'i.name as process_name',
  'i.process_key',
  'i.business_key',
  'i.starter_name',
  'i.definition_id',
] as const;

/** The caller's open tasks (todo), tasks it may claim (claim) or tasks it completed (done). */
export function taskPage(auth: AuthContext, filter: 'todo' | 'claim' | 'done') {
  let q = auth.db
    .selectFrom('flow_task as t')
    .innerJoin('flow_instance as i', 'i.id', 't.instance_id')
    .where('t.is_deleted', '=', 0);
  if (filter === 'todo') q = q.where('t.state_name', '=', 'open').where('t.assignee_id', '=', auth.userId);
  if (filter === 'done')
    q = q.where('t.state_name', '=', 'completed').where('t.assignee_id', '=', auth.userId);
  if (filter === 'claim')
    q = q.where('t.state_name', '=', 'open').where('t.assignee_id', 'is', null).where(isCandidate(auth, 't'));
  return paged(q, (q) => q.select([...TASK_COLUMNS]).orderBy('t.create_time', 'desc'));
}

/** The columns of the sent page: an instance's state, without its engine state. */
const SENT_COLUMNS = [
  'id',
  'name',
  'process_key',
  'business_key',
  'state_name',
  'start_time',
  'end_time',
  'current_activities',
  'definition_id',
] as const;

/** The instances the caller started. */
export function sentPage(auth: AuthContext) {
  const q = auth.db
    .selectFrom('flow_instance')
    .where('starter_id', '=', auth.userId)
    .where('is_deleted', '=', 0);
  return paged(q, (q) => q.select([...SENT_COLUMNS]).orderBy('start_time', 'desc'));
}
