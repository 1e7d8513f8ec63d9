import type { Kysely } from 'kysely';
import { type FieldChange, type HistoryWriter, recordChange } from '../../crud/history.js';
import { type DynamicRow, dynamic } from '../../db/dynamic-db.js';
import type { Database } from '../../db/tables.js';

/** The tenant columns the platform's grant calls set, by their declared (wire) names. */
const FIELDS = {
  account_number: 'accountNumber',
  expire_time: 'expireTime',
  status: 'status',
  package_id: 'packageId',
  datasource_id: 'datasourceId',
} as const;

export type TenantGrant = Partial<Record<keyof typeof FIELDS, string | number | null>>;

const text = (v: unknown) =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v);

/**
 * Sets tenant settings, a tenant's package or its data source, and records each tenant's
 * difference in the tenant's history (action grant: such a change is made again through its own
 * call, with its own checks, never restored as a plain edit) — both in one transaction.
 * Answers how many tenants matched.
 */
export async function grantTenants(
  db: Kysely<Database>,
  who: HistoryWriter['auth'],
  requestId: string | undefined,
  match: { ids: number[] } | { tenantId: string },
  set: TenantGrant,
  audit: { update_user: number; update_time: string },
): Promise<number> {
  const columns = Object.keys(set) as Array<keyof typeof FIELDS>;
  if ('ids' in match && match.ids.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const d = dynamic(trx);
    let query = d
      .selectFrom('blade_tenant')
      .select(['id', ...columns])
      .where('is_deleted', '=', 0);
    query =
      'ids' in match ? query.where('id', 'in', match.ids) : query.where('tenant_id', '=', match.tenantId);
    const before: DynamicRow[] =
      match && ('ids' in match ? match.ids.length > 0 : true) ? await query.execute() : [];
    if (before.length === 0) return 0;
    const ids = before.map((r) => Number(r.id));
    await d
      .updateTable('blade_tenant')
      .set({ ...set, ...audit })
      .where('id', 'in', ids)
      .execute();
    const writer = { db: d, auth: who, resource: { name: 'tenant' }, requestId };
    for (const row of before) {
      const changes: FieldChange[] = columns
        .filter((c) => text(row[c]) !== text(set[c]))
        .map((c) => ({ field: FIELDS[c], before: text(row[c]), after: text(set[c]) }));
      if (changes.length) await recordChange(writer, Number(row.id), 'grant', changes);
    }
    return before.length;
  });
}
