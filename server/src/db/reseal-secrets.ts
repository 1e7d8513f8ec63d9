import type { SecretBox } from '../core/secret-box.js';
import type { DataAccess } from './database.js';
import { dynamic } from './dynamic-db.js';
import type { Database } from './tables.js';

/** Every column that holds values sealed with DATA_KEY (a new sealed column belongs here). */
export const SEALED_COLUMNS = [
  { table: 'blade_oss', column: 'secret_key' },
  { table: 'blade_sms', column: 'secret_key' },
  { table: 'blade_datasource', column: 'password' },
] as const satisfies ReadonlyArray<{ table: keyof Database; column: string }>;

/**
 * Seals again, with the current DATA_KEY, every stored value that only the previous key opens
 * (DATA_KEY_PREVIOUS). Idempotent, and safe with several processes starting together: a row is
 * written only if it still holds the value read. Values no configured key opens are counted,
 * not touched.
 */
export async function resealSecrets(
  data: DataAccess,
  box: SecretBox,
): Promise<{ resealed: number; unreadable: number }> {
  const db = dynamic(data.unscoped());
  let resealed = 0;
  let unreadable = 0;
  for (const { table, column } of SEALED_COLUMNS) {
    const rows = await db
      .selectFrom(table)
      .select(['id', column])
      .where(column, 'like', 'enc:v1:%')
      .execute();
    for (const row of rows) {
      const sealed = String(row[column]);
      let plain: string;
      try {
        plain = box.open(sealed);
      } catch {
        unreadable++;
        continue;
      }
      if (!box.isStale(sealed)) continue;
      const written = await db
        .updateTable(table)
        .set({ [column]: box.seal(plain) })
        .where('id', '=', row.id)
        .where(column, '=', sealed)
        .executeTakeFirst();
      resealed += Number(written.numUpdatedRows);
    }
  }
  return { resealed, unreadable };
}
