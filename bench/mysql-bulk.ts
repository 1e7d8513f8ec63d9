import { type Connection, createConnection } from 'mysql2/promise';
import { mysqlPoolOptions } from '../server/src/db/dialects/mysql.js';

/**
 * A bulk load into a MySQL table of ours, a million rows in about a minute rather than a quarter
 * of an hour. MySQL's counting triggers run per row (it has no statement triggers): each
 * inserted user appends a counter change and calls the gram procedure, which splits the name
 * into postings and gram changes (db/dialects/mysql-grams.ts), ten times the insert's own cost.
 * So the table's insert triggers are lifted for the load, the rows go in by multi-row INSERTs in
 * transactions, then what the triggers would have written is written set-based from the loaded
 * rows: one change per tenant and day to app_list_delta, every distinct gram of a live row as a
 * posting in app_gram_row and one change per gram to app_gram_delta. The server's fold then adds
 * the changes to the counters as it does any (bench/harness.ts `settle`). The triggers are put
 * back as they were, whatever happens. mysql-bulk.test.ts proves the counters, postings and
 * gram counts come out as the triggers make them.
 */
export async function mysqlBulkInsert(
  databaseUrl: string,
  options: { table: string; count: number; row: (n: number) => Record<string, unknown> },
): Promise<void> {
  const { table, count, row } = options;
  const c = await connect(databaseUrl);
  try {
    const triggers = await insertTriggers(c, table);
    for (const t of triggers) await c.query(`drop trigger ${t.name}`);
    try {
      const columns = Object.keys(row(0));
      const ids: [number, number] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
      for (let done = 0; done < count; ) {
        await c.beginTransaction();
        // A transaction of ten statements of 2,000 rows (each well under max_allowed_packet).
        for (let s = 0; s < 10 && done < count; s++) {
          const values: unknown[][] = [];
          for (; values.length < 2000 && done < count; done++) {
            const r = row(done);
            const id = Number(r.id);
            ids[0] = Math.min(ids[0], id);
            ids[1] = Math.max(ids[1], id);
            values.push(columns.map((name) => r[name]));
          }
          await c.query(`insert into ${table} (${columns.join(', ')}) values ?`, [values]);
        }
        await c.commit();
      }
      if (count > 0) await writeCounted(c, table, ids);
    } finally {
      for (const t of triggers) {
        await c.query('set session sql_mode = ?', [t.sqlMode]);
        await c.query(`create trigger ${t.name} after insert on ${table} for each row ${t.body}`);
      }
    }
  } finally {
    await c.end();
  }
}

async function connect(databaseUrl: string): Promise<Connection> {
  const { connectionLimit: _, ...settings } = mysqlPoolOptions(databaseUrl, {});
  const c = await createConnection(settings);
  await c.query("set session time_zone = '+00:00'");
  return c;
}

interface Trigger {
  name: string;
  body: string;
  sqlMode: string;
}

/** The table's insert triggers as they were created: their body and the SQL mode they were read in. */
async function insertTriggers(c: Connection, table: string): Promise<Trigger[]> {
  const [rows] = await c.query(
    `select trigger_name as name, action_statement as body, sql_mode as sqlMode
     from information_schema.triggers
     where event_object_schema = database() and event_object_table = ? and event_manipulation = 'INSERT'
       and action_timing = 'AFTER' order by action_order`,
    [table],
  );
  return rows as Trigger[];
}

/** What app_list_support says the database keeps for the table: its counters, its contains indexes. */
async function supportOf(
  c: Connection,
  table: string,
): Promise<{ counted?: boolean; contains: { column: string; perTenant: boolean }[] }> {
  const [rows] = await c.query(
    'select kind, column_name as `column`, per_tenant as perTenant from app_list_support where table_name = ?',
    [table],
  );
  const list = rows as { kind: string; column: string; perTenant: number }[];
  const count = list.find((r) => r.kind === 'count');
  return {
    counted: count ? Number(count.perTenant) === 1 : undefined,
    contains: list
      .filter((r) => r.kind === 'contains')
      .map((r) => ({ column: r.column, perTenant: Number(r.perTenant) === 1 })),
  };
}

/**
 * The triggers' writes for the rows of ids in `[from, to]`, set-based, in the triggers' words
 * (migration 0011-list-speed and mysql-grams.ts): a live row's day bucket, and its grams (each
 * character and each pair of adjacent ones, the owner and char 31 before), distinct per row in
 * the column's collation as the postings' key makes them.
 */
async function writeCounted(c: Connection, table: string, [from, to]: [number, number]): Promise<void> {
  const support = await supportOf(c, table);
  const owner = (perTenant: boolean) => (perTenant ? 'tenant_id' : "''");
  const loaded = `id between ${from} and ${to} and is_deleted = 0`;
  if (support.counted !== undefined) {
    const tenant = owner(support.counted);
    await c.query(`
      insert into app_list_delta (table_name, tenant_id, bucket, \`change\`)
      select '${table}', ${tenant}, coalesce(date_format(create_time, '%Y-%m-%d'), '') as day, count(*)
      from ${table} where ${loaded} group by ${tenant}, day`);
  }
  for (const { column, perTenant } of support.contains) {
    const [rows] = await c.query(
      `select coalesce(max(char_length(${column})), 0) as n from ${table} where ${loaded}`,
    );
    const longest = Number((rows as { n: number }[])[0]?.n ?? 0);
    if (longest === 0) continue;
    // Positions 1..longest, a derived table (no CTE inside INSERT … SELECT on every version).
    const positions = Array.from({ length: longest }, (_, i) => `select ${i + 1} as n`).join(' union all ');
    const grams = (size: 1 | 2) => `
      select '${table}', '${column}', concat(${owner(perTenant)}, char(31 using utf8mb4), substr(${column}, n, ${size})), id
      from ${table} join (${positions}) positions on n <= char_length(${column}) - ${size - 1}
      where ${loaded}`;
    for (const size of [1, 2] as const)
      await c.query(`insert ignore into app_gram_row (table_name, column_name, gram, id) ${grams(size)}`);
    await c.query(
      `insert into app_gram_delta (table_name, column_name, gram, \`change\`)
       select table_name, column_name, gram, count(*) from app_gram_row
       where table_name = ? and column_name = ? and id between ${from} and ${to}
       group by table_name, column_name, gram`,
      [table, column],
    );
  }
}
