import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * SpringBlade's code generator form (Saber's) requires a Java package, a wrapper choice and the
 * server and web output directories on every save; kept so its edit sends them back unchanged.
 * Our generator does not read them.
 */
const COLUMNS = [
  ['package_name', 'varchar(128)'],
  ['wrap_mode', 'integer'],
  ['output_path', 'varchar(255)'],
  ['web_path', 'varchar(255)'],
] as const;

export async function up(db: Db): Promise<void> {
  for (const [name, type] of COLUMNS)
    await db.schema.alterTable('blade_code').addColumn(name, type).execute();
}

export async function down(db: Db): Promise<void> {
  for (const [name] of COLUMNS) await db.schema.alterTable('blade_code').dropColumn(name).execute();
}
