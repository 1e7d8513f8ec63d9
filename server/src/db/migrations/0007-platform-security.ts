import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * The seeded leave process decided with JavaScript conditions, which the server no longer runs.
 * Each is rewritten to the expression that says the same, in the stored models and definitions
 * (XML) and in the engine state of running instances (the same text inside serialized JSON).
 */
const LEAVE_CONDITIONS: Array<{ xml: [string, string]; state: [string, string] }> = [
  {
    xml: [
      '<conditionExpression xsi:type="tFormalExpression" language="javascript">next(null, environment.variables.approved === true)</conditionExpression>',
      `<conditionExpression xsi:type="tFormalExpression">\${approved == true}</conditionExpression>`,
    ],
    state: [
      '\\"language\\":\\"javascript\\",\\"body\\":\\"next(null, environment.variables.approved === true)\\"',
      `\\"body\\":\\"\${approved == true}\\"`,
    ],
  },
  {
    xml: [
      '<conditionExpression xsi:type="tFormalExpression" language="javascript">next(null, Number(environment.variables.days) &gt; Number(environment.variables.hrDays))</conditionExpression>',
      `<conditionExpression xsi:type="tFormalExpression">\${days &gt; hrDays}</conditionExpression>`,
    ],
    state: [
      '\\"language\\":\\"javascript\\",\\"body\\":\\"next(null, Number(environment.variables.days) > Number(environment.variables.hrDays))\\"',
      `\\"body\\":\\"\${days > hrDays}\\"`,
    ],
  },
];

/** Rewrites the leave process's JavaScript conditions wherever they are stored (idempotent). */
export async function rewriteLeaveConditions(db: Db): Promise<void> {
  for (const { xml, state } of LEAVE_CONDITIONS) {
    for (const table of ['flow_model', 'flow_definition'])
      await db
        .updateTable(table)
        .set({ xml: sql`replace(xml, ${xml[0]}, ${xml[1]})` })
        .where('xml', 'like', '%language="javascript"%')
        .execute();
    await db
      .updateTable('flow_instance')
      .set({ engine_state: sql`replace(engine_state, ${state[0]}, ${state[1]})` })
      .where('state_name', '=', 'running')
      .execute();
  }
}

export async function up(db: Db): Promise<void> {
  await rewriteLeaveConditions(db);
  // Lockouts end by themselves, growing with repeats; one-time passwords must be changed.
  await db.schema.alterTable('blade_user').addColumn('lock_until', 'timestamp').execute();
  await db.schema
    .alterTable('blade_user')
    .addColumn('lock_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('blade_user')
    .addColumn('password_change', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Locks set before lockouts had an end are released; further failures lock for a time again.
  await db
    .updateTable('blade_user')
    .set({ is_locked: 0, login_fail_count: 0 })
    .where('is_locked', '=', 1)
    .execute();
  // New administrators and resets get random one-time passwords now: the shared initial one goes.
  await db
    .updateTable('blade_param')
    .set({ is_deleted: 1 })
    .where('param_key', '=', 'account.initPassword')
    .execute();
}
