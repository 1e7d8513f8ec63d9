import type { Kysely } from 'kysely';
import { dropIndexOn } from '../dialects/dialect-of.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * The session whose single sign-on ticket opened a session (another window, or our page inside
 * Saber's frame): ending that one ends the sessions it opened. Not a column migration 0028
 * watches; the revocations it leads to are.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('blade_auth_session').addColumn('parent_id', 'bigint').execute();
  await db.schema
    .createIndex('idx_auth_session_parent')
    .on('blade_auth_session')
    .column('parent_id')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await dropIndexOn(db, 'idx_auth_session_parent', 'blade_auth_session');
  await db.schema.alterTable('blade_auth_session').dropColumn('parent_id').execute();
}
