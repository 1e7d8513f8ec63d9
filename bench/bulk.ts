import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { dynamic } from '../server/src/db/dynamic-db.js';
import { mysqlBulkInsert } from './mysql-bulk.js';

/**
 * Inserts `count` rows made by `row(n)` into a table of one tenant, in transactions of batches
 * (ARCHITECTURE §6: bulk loads use batched inserts). On SQLite one prepared statement on a
 * connection of its own writes them (building a million rows' multi-row inserts through the
 * query builder takes minutes, this seconds); on PostgreSQL the app's tenant-scoped handle does,
 * a thousand rows a statement; on MySQL a connection of its own, the per-row triggers lifted
 * (mysql-bulk.ts).
 */
export async function bulkInsert(
  app: FastifyInstance,
  options: { table: string; tenantId: string; count: number; row: (n: number) => Record<string, unknown> },
): Promise<void> {
  const { data, config } = app.services;
  const { table, count, row } = options;
  if (data.dialect === 'sqlite') {
    const sqlite = new SQLite(config.databaseUrl.slice('sqlite:'.length).replace(/^\/\//, ''));
    try {
      sqlite.pragma('busy_timeout = 5000');
      const columns = Object.keys(row(0));
      const insert = sqlite.prepare(
        `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      );
      const write = sqlite.transaction((from: number, to: number) => {
        for (let n = from; n < to; n++) {
          const values = row(n);
          insert.run(columns.map((c) => values[c]));
        }
      });
      for (let n = 0; n < count; n += 10_000) write(n, Math.min(count, n + 10_000));
    } finally {
      sqlite.close();
    }
    return;
  }
  if (data.dialect === 'mysql') return mysqlBulkInsert(config.databaseUrl, { table, count, row });
  const db = dynamic(data.forTenant(options.tenantId));
  for (let done = 0; done < count; ) {
    const rows: Record<string, unknown>[] = [];
    for (; rows.length < 1000 && done < count; done++) rows.push(row(done));
    await db.transaction().execute((trx) => trx.insertInto(table).values(rows).execute());
  }
}
