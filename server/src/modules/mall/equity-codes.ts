import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { AuthContext } from '../../core/http.js';
import { nextId } from '../../core/ids.js';
import { utcNow } from '../../core/time.js';
import type { Database } from '../../db/tables.js';

/** Crockford base32 without I, L, O, U: easy to read out and type. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 12; // 60 random bits
const BATCH = 500;

export function randomCode(): string {
  const bytes = randomBytes(LENGTH);
  let out = '';
  for (let i = 0; i < LENGTH; i++) out += ALPHABET[bytes[i]! & 31];
  return out;
}

/**
 * Generates a meeting's equity codes up to the quantity its record sets, valid until its
 * record's date. Idempotent: codes already generated count, so repeating the call (or a retry
 * after a time-out) issues only what is missing; concurrent calls are serialised by a
 * conditional update of the meeting's counter.
 */
export async function generateEquityCodes(
  auth: AuthContext,
  db: Kysely<Database>,
  meetingId: number,
): Promise<{ generated: number; total: number }> {
  return db.transaction().execute(async (trx) => {
    const meeting = await trx
      .selectFrom('mall_meeting')
      .select(['code_quantity', 'code_valid_until', 'codes_generated'])
      .where('id', '=', meetingId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!meeting) throw new AppError(404, 'rowNotFound');
    const existing = Number(meeting.codes_generated);
    const missing = Math.max(0, Number(meeting.code_quantity) - existing);
    if (missing === 0) return { generated: 0, total: existing };
    const claimed = await trx
      .updateTable('mall_meeting')
      .set({ codes_generated: existing + missing, update_user: auth.userId, update_time: utcNow() })
      .where('id', '=', meetingId)
      .where('codes_generated', '=', existing)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new AppError(409, 'generationBusy');
    const now = utcNow();
    let made = 0;
    while (made < missing) {
      const size = Math.min(BATCH, missing - made);
      const codes = new Set<string>();
      while (codes.size < size) codes.add(randomCode());
      // A clash with an existing code (2^-60 per pair) only shrinks this batch; the loop makes up for it.
      const clashes = new Set(
        (
          await trx
            .selectFrom('mall_equity_code')
            .select('code')
            .where('code', 'in', [...codes])
            .execute()
        ).map((r) => r.code),
      );
      const rows = [...codes]
        .filter((c) => !clashes.has(c))
        .map((code) => ({
          id: nextId(),
          tenant_id: auth.tenantId,
          meeting_id: meetingId,
          code,
          valid_until: meeting.code_valid_until,
          used_by: null,
          used_time: null,
          status: 0,
          create_user: auth.userId,
          create_dept: auth.deptId,
          create_time: now,
          update_user: auth.userId,
          update_time: now,
        }));
      if (rows.length) await trx.insertInto('mall_equity_code').values(rows).execute();
      made += rows.length;
    }
    return { generated: missing, total: existing + missing };
  });
}
