import type { Transaction } from 'kysely';
import { nextId } from '../../core/ids.js';
import { created, SERVER } from '../audit.js';
import type { Database } from '../tables.js';

/**
 * China's 34 provincial-level divisions by their GB/T 2260 codes: the first level of the region
 * tree, keyed as SpringBlade's blade_region keys it (two digits under `00`). Saber's region page
 * adds only below an existing region, so a fresh install starts with these.
 */
const PROVINCES: readonly (readonly [code: string, name: string])[] = [
  ['11', '北京市'],
  ['12', '天津市'],
  ['13', '河北省'],
  ['14', '山西省'],
  ['15', '内蒙古自治区'],
  ['21', '辽宁省'],
  ['22', '吉林省'],
  ['23', '黑龙江省'],
  ['31', '上海市'],
  ['32', '江苏省'],
  ['33', '浙江省'],
  ['34', '安徽省'],
  ['35', '福建省'],
  ['36', '江西省'],
  ['37', '山东省'],
  ['41', '河南省'],
  ['42', '湖北省'],
  ['43', '湖南省'],
  ['44', '广东省'],
  ['45', '广西壮族自治区'],
  ['46', '海南省'],
  ['50', '重庆市'],
  ['51', '四川省'],
  ['52', '贵州省'],
  ['53', '云南省'],
  ['54', '西藏自治区'],
  ['61', '陕西省'],
  ['62', '甘肃省'],
  ['63', '青海省'],
  ['64', '宁夏回族自治区'],
  ['65', '新疆维吾尔自治区'],
  ['71', '台湾省'],
  ['81', '香港特别行政区'],
  ['82', '澳门特别行政区'],
];

/** The root every province hangs under. */
const ROOT = '00';

/**
 * Seeds the provinces into a region table that has never held a row: one that has (imported,
 * edited or deleted since) is the install's own and is left as it is.
 */
export async function seedRegions(trx: Transaction<Database>): Promise<void> {
  const any = await trx.selectFrom('blade_region').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await trx
    .insertInto('blade_region')
    .values(
      PROVINCES.map(([code, name], i) => ({
        id: nextId(),
        code,
        parent_code: ROOT,
        ancestors: ROOT,
        name,
        region_level: 1,
        sort: i + 1,
        remark: null,
        ...created(SERVER),
      })),
    )
    .execute();
}
