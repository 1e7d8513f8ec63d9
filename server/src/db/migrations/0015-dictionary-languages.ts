import type { Kysely } from 'kysely';
import {
  BANNER_POSITION_KEYS,
  businessDictionaries,
  type DictSeed,
  systemDictionaries,
} from '../seed/dictionaries.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * Dictionaries carry an English name beside the Chinese one (the web shows the person's
 * language). Seeded entries get theirs where their Chinese name is still the seeded one (a
 * name a tenant changed keeps no stale translation). Banner positions were seeded with word
 * keys while banners store a number: the seeded words become the numbers banners hold.
 */
export async function up(db: Db): Promise<void> {
  for (const table of ['blade_dict', 'blade_dict_biz'])
    await db.schema.alterTable(table).addColumn('dict_value_en', 'varchar(255)').execute();
  await name(db, 'blade_dict', systemDictionaries);
  await name(db, 'blade_dict_biz', businessDictionaries);
  for (const [word, key] of Object.entries(BANNER_POSITION_KEYS))
    await db
      .updateTable('blade_dict_biz')
      .set({ dict_key: key })
      .where('code', '=', 'banner_position')
      .where('parent_id', '>', 0)
      .where('dict_key', '=', word)
      .execute();
}

async function name(db: Db, table: string, dictionaries: DictSeed[]): Promise<void> {
  for (const dict of dictionaries) {
    await db
      .updateTable(table)
      .set({ dict_value_en: dict.dictValueEn })
      .where('code', '=', dict.code)
      .where('parent_id', '=', 0)
      .where('dict_value', '=', dict.dictValue)
      .execute();
    for (const item of dict.items)
      await db
        .updateTable(table)
        .set({ dict_value_en: item.dictValueEn })
        .where('code', '=', dict.code)
        .where('parent_id', '>', 0)
        .where('dict_value', '=', item.dictValue)
        .execute();
  }
}
