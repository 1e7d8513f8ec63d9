import type { Insertable } from 'kysely';
import { nextId } from '../server/src/core/ids.js';
import { toDbTime } from '../server/src/core/time.js';
import type { DataAccess } from '../server/src/db/database.js';
import type { UserTable } from '../server/src/db/tables.js';
import { md5 } from '../server/src/modules/auth/passwords.js';

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

/**
 * Adds `count` users to a tenant, spread over its departments and the last three years, in
 * batches inside transactions (ARCHITECTURE §6: bulk loads use batched inserts).
 */
export async function generateUsers(
  data: DataAccess,
  options: { tenantId: string; count: number; deptIds: number[]; roleId: number; passwordHash: string },
): Promise<void> {
  const db = data.forTenant(options.tenantId);
  const batch = data.dialect === 'sqlite' ? 500 : 1000;
  const start = Date.now() - 3 * 365 * 24 * 3600 * 1000;
  for (let done = 0; done < options.count; ) {
    const rows: Insertable<UserTable>[] = [];
    for (let i = 0; i < batch && done < options.count; i++, done++) {
      const created = toDbTime(
        new Date(start + Math.floor((done / options.count) * 3 * 365 * 24 * 3600 * 1000)),
      );
      const name = `${SURNAMES[done % SURNAMES.length]}${GIVEN[(done * 7) % GIVEN.length]}${GIVEN[(done * 13) % GIVEN.length]}`;
      rows.push({
        id: nextId(),
        tenant_id: options.tenantId,
        code: null,
        account: `u${done}`,
        password: options.passwordHash,
        name: `user${done}`,
        real_name: name,
        avatar: null,
        email: `u${done}@example.com`,
        // Spread like real numbers: not in the order accounts were created.
        phone: `13${String((done * 7_919_993) % 1_000_000_000).padStart(9, '0')}`,
        birthday: null,
        sex: (done % 2) + 1,
        role_id: String(options.roleId),
        dept_id: String(options.deptIds[done % options.deptIds.length]),
        post_id: null,
        user_ext: null,
        create_user: null,
        create_dept: null,
        create_time: created,
        update_user: null,
        update_time: created,
      });
    }
    await db.transaction().execute((trx) => trx.insertInto('blade_user').values(rows).execute());
  }
}

export const benchPasswordDigest = md5('bench-pass');
