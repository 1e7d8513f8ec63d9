import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import type { DataAccess } from '../../db/database.js';
import { dynamic } from '../../db/dynamic-db.js';
import type { Database } from '../../db/tables.js';

type LogTable = 'blade_log_api' | 'blade_log_usual' | 'blade_log_error' | 'blade_log_login';
/** A queued row: typed on the way in (`add`), kept as plain columns while it waits. */
type QueuedRow = { tenant_id: string } & Record<string, unknown>;

const BATCH = 200;

/**
 * Log rows are queued in memory and written in batches on a timer, off the request path: a
 * request never waits for, or fails because of, its log row. Rows are grouped by tenant and
 * written through that tenant's scope. `close` writes whatever is still queued.
 */
export class LogWriter {
  private readonly queues: Record<LogTable, QueuedRow[]> = {
    blade_log_api: [],
    blade_log_usual: [],
    blade_log_error: [],
    blade_log_login: [],
  };
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly data: DataAccess,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    everyMs: number,
  ) {
    this.timer = setInterval(() => void this.flush(), everyMs);
    this.timer.unref();
  }

  add<T extends LogTable>(table: T, row: Insertable<Database[T]>): void {
    this.queues[table].push(row as QueuedRow);
  }

  get pending(): number {
    return Object.values(this.queues).reduce((n, q) => n + q.length, 0);
  }

  /** Writes everything queued so far; concurrent calls run one after another. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeAll());
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async writeAll(): Promise<void> {
    for (const table of Object.keys(this.queues) as LogTable[]) {
      if (!(await this.writeTable(table))) return;
    }
  }

  /** Writes one table's queue; false when the database refused (the unwritten rows stay queued). */
  private async writeTable(table: LogTable): Promise<boolean> {
    const queue = this.queues[table];
    const rows = queue.splice(0);
    for (let i = 0; i < rows.length; ) {
      const tenantId = rows[i]!.tenant_id;
      const batch: QueuedRow[] = [];
      for (let j = i; j < rows.length && batch.length < BATCH; j++)
        if (rows[j]!.tenant_id === tenantId) batch.push(rows[j]!);
      try {
        await dynamic(this.data.forTenant(tenantId)).insertInto(table).values(batch).execute();
      } catch (error) {
        // Keep the rows for the next round rather than lose them; a log problem is logged, not thrown.
        const written = new Set(rows.slice(0, i));
        queue.unshift(...rows.filter((r) => !written.has(r)));
        this.log.error({ err: error, table }, 'log rows could not be written; will retry');
        return false;
      }
      const done = new Set(batch);
      const rest = rows.slice(i).filter((r) => !done.has(r));
      rows.splice(i, rows.length - i, ...batch, ...rest);
      i += batch.length;
    }
    return true;
  }
}
