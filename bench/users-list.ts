/**
 * Benchmark: a list page of 10 users from a table of 1,000,000 users, with the total, for every
 * filter the user page offers, on SQLite and PostgreSQL. Writes bench/results/users-list.json.
 *
 *   npm run bench -w bench -- users-list          USERS=200000 npx tsx bench/users-list.ts sqlite
 */
import { nextId } from '../server/src/core/ids.js';
import { kindsFromArgs, machine, runListBench } from './harness.js';
import { recordResult } from './record.js';
import { seedUsers } from './users-data.js';

const USERS = Number(process.env.USERS ?? 1_000_000);
const depts: number[] = Array.from({ length: 20 }, () => nextId());

const cases = () => ({
  'first page': '/api/blade-user/page?current=1&size=10',
  'page 5000': '/api/blade-user/page?current=5000&size=10',
  'offset 500,000': '/api/blade-user/page?current=50001&size=10',
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
  out[kind] = await runListBench(kind, (app) => seedUsers(app, { count: USERS, deptIds: depts }), cases());
}
recordResult('users-list', { machine: machine(), budgetMs: 50, users: USERS, ...out });
