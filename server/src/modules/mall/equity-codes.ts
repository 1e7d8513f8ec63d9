import { randomBytes } from 'node:crypto';
import { EQUITY_CODES_MAX } from '@blade/schema';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { AuthContext } from '../../core/http.js';
import { nextId } from '../../core/ids.js';
import { utcNow } from '../../core/time.js';
import { created } from '../../db/audit.js';
import { skippingTaken } from '../../db/dialects/insert-ignoring.js';
import type { Database } from '../../db/tables.js';

/** Crockford base32 without I, L, O, U: easy to read out and type. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 12; // 60 random bits
/** Codes written per transaction: each batch holds the database for milliseconds only. */
export const EQUITY_CODE_BATCH = 50;

export function randomCode(): string {
  const bytes = randomBytes(LENGTH);
  let out = '';
  for (let i = 0; i < LENGTH; i++) out += ALPHABET[bytes[i]! & 31];
  return out;
}

/** Lets requests that queued behind a batch run before the next one. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Generates a meeting's equity codes up to the quantity its record sets (at most
 * EQUITY_CODES_MAX), valid until its record's date. The codes are written in batches, each in a
 * transaction of its own that also moves the meeting's counter, so no transaction holds the
 * database for long and a stop half-way leaves a counter that matches the codes. Idempotent:
 * codes already generated count, so repeating the call (or a retry) issues only what is
 * missing; concurrent calls are serialised by the counter's conditional update (409).
 */
export async function generateEquityCodes(
  auth: AuthContext,
  db: Kysely<Database>,
  meetingId: number,
): Promise<{ generated: number; total: number }> {
  const meeting = await db
    .selectFrom('mall_meeting')
    .select(['code_quantity', 'code_valid_until', 'codes_generated'])
    .where('id', '=', meetingId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!meeting) throw new AppError(404, 'rowNotFound');
  const quantity = Number(meeting.code_quantity);
  if (quantity > EQUITY_CODES_MAX)
    throw new AppError(400, 'equityCodesTooMany', { max: EQUITY_CODES_MAX, quantity });
  const first = Number(meeting.codes_generated);
  let total = first;
  while (total < quantity) {
    const size = Math.min(EQUITY_CODE_BATCH, quantity - total);
    const before = total;
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('mall_meeting')
        .set({ codes_generated: before + size, update_user: auth.userId, update_time: utcNow() })
        .where('id', '=', meetingId)
        .where('codes_generated', '=', before)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new AppError(409, 'generationBusy');
      await writeCodes(trx, auth, { meetingId, validUntil: meeting.code_valid_until, size });
    });
    total += size;
    await yieldToOthers();
  }
  return { generated: total - first, total };
}

/**
 * Writes `size` new codes of a meeting. A code that already exists (2^-60 per pair) is skipped by
 * the unique index, and the loop draws again for it.
 */
async function writeCodes(
  trx: Transaction<Database>,
  auth: AuthContext,
  batch: { meetingId: number; validUntil: string; size: number },
): Promise<void> {
  const now = utcNow();
  let made = 0;
  while (made < batch.size) {
    const codes = new Set<string>();
    while (codes.size < batch.size - made) codes.add(randomCode());
    const rows = [...codes].map((code) => ({
      id: nextId(),
      tenant_id: auth.tenantId,
      meeting_id: batch.meetingId,
      code,
      valid_until: batch.validUntil,
      used_by: null,
      used_time: null,
      status: 0,
      ...created(auth, now),
    }));
    const written = await skippingTaken(trx, trx.insertInto('mall_equity_code').values(rows), (oc) =>
      oc.column('code').doNothing(),
    ).executeTakeFirst();
    made += Number(written.numInsertedOrUpdatedRows ?? rows.length);
  }
}
