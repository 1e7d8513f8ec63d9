import type { Kysely } from 'kysely';
import { dropIndexOn } from '../dialects/dialect-of.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * Process models became a declared resource: their list is ordered by the last change and can be
 * narrowed to a category, each read within the tenant's live rows.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('idx_flow_model_tenant_updated')
    .on('flow_model')
    .columns(['tenant_id', 'is_deleted', 'update_time'])
    .execute();
  await db.schema
    .createIndex('idx_flow_model_tenant_category')
    .on('flow_model')
    .columns(['tenant_id', 'is_deleted', 'category'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await dropIndexOn(db, 'idx_flow_model_tenant_category', 'flow_model');
  await dropIndexOn(db, 'idx_flow_model_tenant_updated', 'flow_model');
}
