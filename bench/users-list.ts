/**
 * Benchmark: a list page of 10 users from a table of 1,000,000 users, with the total, for every
 * filter the user page offers, on SQLite and PostgreSQL. Writes bench/results/users-list.json.
 *
 *   npm run bench -w bench -- users-list          USERS=200000 npx tsx bench/users-list.ts sqlite
 */
import { nextId } from '../server/src/core/ids.js';
import { utcNow } from '../server/src/core/time.js';
import { kindsFromArgs, machine, runListBench } from './harness.js';
import { recordResult } from './record.js';
import { benchPasswordDigest, generateUsers } from './users-data.js';

const USERS = Number(process.env.USERS ?? 1_000_000);
const depts: number[] = Array.from({ length: 20 }, () => nextId());

const cases = () => ({
  'first page': '/api/blade-user/page?current=1&size=10',
  'page 5000': '/api/blade-user/page?current=5000&size=10',
  'account starts with': '/api/blade-user/page?current=1&size=10&account=u12345',
  'real name contains': `/api/blade-user/page?current=1&size=10&realName=${encodeURIComponent('王伟')}`,
  'phone starts with': '/api/blade-user/page?current=1&size=10&phone=1312345',
  department: `/api/blade-user/page?current=1&size=10&deptId=${depts[3]}`,
  'created in a month':
    '/api/blade-user/page?current=1&size=10&createTime_dategt=2025-03-01%2000:00:00&createTime_datelt=2025-04-01%2000:00:00',
  'oldest first': '/api/blade-user/page?current=1&size=10&ascs=createTime',
});

const out: Record<string, unknown> = {};
for (const kind of kindsFromArgs()) {
  out[kind] = await runListBench(
    kind,
    async (app) => {
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
      for (const [i, id] of depts.entries()) {
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
      await generateUsers(data, {
        tenantId: '000000',
        count: USERS,
        deptIds: depts,
        roleId: role.id,
        passwordHash: await hasher.hash(benchPasswordDigest),
      });
    },
    cases(),
  );
}
recordResult('users-list', { machine: machine(), budgetMs: 50, users: USERS, ...out });
