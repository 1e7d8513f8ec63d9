import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import { md5 } from '../server/src/core/digest.js';
import { nextId } from '../server/src/core/ids.js';
import { toDbTime, utcNow } from '../server/src/core/time.js';
import type { UserTable } from '../server/src/db/tables.js';
import { bulkInsert } from './bulk.js';

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '赵',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀',
  '霞',
  '平',
];

interface UserOptions {
  tenantId: string;
  count: number;
  deptIds: number[];
  roleId: number;
  passwordHash: string;
}

const SPAN = 3 * 365 * 24 * 3600 * 1000;

/** The `n`th of `count` generated users: created over the last three years, in order. */
function userRow(n: number, options: UserOptions, start: number): Insertable<UserTable> {
  const created = toDbTime(new Date(start + Math.floor((n / options.count) * SPAN)));
  const name = `${SURNAMES[n % SURNAMES.length]}${GIVEN[(n * 7) % GIVEN.length]}${GIVEN[(n * 13) % GIVEN.length]}`;
  return {
    id: nextId(),
    tenant_id: options.tenantId,
    code: null,
    account: `u${n}`,
    password: options.passwordHash,
    name: `user${n}`,
    real_name: name,
    avatar: null,
    email: `u${n}@example.com`,
    // Spread like real numbers: not in the order accounts were created.
    phone: `13${String((n * 7_919_993) % 1_000_000_000).padStart(9, '0')}`,
    birthday: null,
    sex: (n % 2) + 1,
    role_id: String(options.roleId),
    dept_id: String(options.deptIds[n % options.deptIds.length]),
    post_id: null,
    user_ext: null,
    create_user: null,
    create_dept: null,
    create_time: created,
    update_user: null,
    update_time: created,
  };
}

/** Adds `count` users to a tenant, spread over its departments and the last three years. */
async function generateUsers(app: FastifyInstance, options: UserOptions): Promise<void> {
  const start = Date.now() - SPAN;
  await bulkInsert(app, {
    table: 'blade_user',
    tenantId: options.tenantId,
    count: options.count,
    row: (n) => userRow(n, options, start),
  });
}

export const benchPasswordDigest = md5('bench-pass');

/**
 * Adds `deptIds.length` departments under the head office of tenant 000000 and `count` users
 * spread over them: the data set of the user list benchmarks.
 */
export async function seedUsers(
  app: FastifyInstance,
  options: { count: number; deptIds: number[] },
): Promise<void> {
  const { data, hasher } = app.services;
  const root = data.unscoped();
  const head = await root
    .selectFrom('blade_dept')
    .select('id')
    .where('tenant_id', '=', '000000')
    .executeTakeFirstOrThrow();
  const role = await root
    .selectFrom('blade_role')
    .select('id')
    .where('tenant_id', '=', '000000')
    .executeTakeFirstOrThrow();
  const now = utcNow();
  for (const [i, id] of options.deptIds.entries()) {
    await root
      .insertInto('blade_dept')
      .values({
        id,
        tenant_id: '000000',
        parent_id: head.id,
        ancestors: `0,${head.id}`,
        dept_category: 2,
        dept_name: `部门${i}`,
        full_name: null,
        sort: i,
        remark: null,
        create_user: null,
        create_dept: null,
        create_time: now,
        update_user: null,
        update_time: now,
      })
      .execute();
  }
  await generateUsers(app, {
    tenantId: '000000',
    count: options.count,
    deptIds: options.deptIds,
    roleId: role.id,
    passwordHash: await hasher.hash(benchPasswordDigest),
  });
}
