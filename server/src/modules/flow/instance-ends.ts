import type { Kysely, Transaction } from 'kysely';
import type { AppError } from '../../core/errors.js';
import { translate } from '../../core/messages.js';
import { utcNow } from '../../core/time.js';
import type { Database } from '../../db/tables.js';
import { cancelOpenTasks } from './flow-steps.js';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** Ends a running instance as deleted (by hand, or with its deployment), cancelling its open tasks. */
export async function endInstance(trx: Trx, instanceId: number, reason: string): Promise<void> {
  const now = utcNow();
  await trx
    .updateTable('flow_instance')
    .set({
      state_name: 'deleted',
      end_time: now,
      delete_reason: reason.slice(0, 500),
      timer_due: null,
      current_activities: null,
      update_time: now,
    })
    .where('id', '=', instanceId)
    .execute();
  await cancelOpenTasks(trx, instanceId, now);
}

/** Ends an instance whose process failed: status failed, the reason kept, its open tasks cancelled. */
export async function failInstance(
  db: Db,
  instance: { id: number; revision: number },
  error: AppError,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const now = utcNow();
    const ended = await trx
      .updateTable('flow_instance')
      .set({
        state_name: 'failed',
        end_time: now,
        delete_reason: translate(error.key, 'en', error.params).slice(0, 500),
        timer_due: null,
        current_activities: null,
        revision: instance.revision + 1,
        update_time: now,
      })
      .where('id', '=', instance.id)
      .where('revision', '=', instance.revision)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) === 1) await cancelOpenTasks(trx, instance.id, now);
  });
}
