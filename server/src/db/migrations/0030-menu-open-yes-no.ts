import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * 新窗口 (`is_open`) was stored as 1 = same window, 2 = new window, while the form offers the
 * `yes_no` dictionary (0 否, 1 是) and Saber 4.9 sends 0 and 1: it now holds the dictionary's
 * keys, 0 = same window, 1 = new window.
 */
export async function up(db: Db): Promise<void> {
  await db.updateTable('blade_menu').set({ is_open: sql`case when is_open = 2 then 1 else 0 end` }).execute();
}

export async function down(db: Db): Promise<void> {
  await db.updateTable('blade_menu').set({ is_open: sql`case when is_open = 1 then 2 else 1 end` }).execute();
}
