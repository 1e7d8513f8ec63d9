import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deptNamed, ok, roleWith, userWith } from '../../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../../test/harness.js';

type Row = Record<string, unknown>;
type PageOf = { records: Row[] };

describe('who reads a leave request and its history', () => {
  let t: TestServer;
  let admin: string;
  const people: Record<string, { id: string; token: string }> = {};
  let definition: string;
  beforeAll(async () => {
    t = await build({ LEAVE_HR_DAYS: '3' });
    admin = (await tokenOf(t.app)).access_token;
    const head = (await ok<Row[]>(t.app, admin, { method: 'GET', url: '/api/blade-system/dept/tree' }))[0]!;
    const dept = await deptNamed(t.app, admin, '行政部', String(head.id));
    const staff = await roleWith(t.app, t.services, admin, 'staff', ['work']);
    const hr = await roleWith(t.app, t.services, admin, 'hr', ['work']);
    const follower = await roleWith(t.app, t.services, admin, 'follower', ['work', 'follow']);
    for (const [account, roleId] of [
      ['applicant', staff],
      ['approver', staff],
      ['colleague', staff],
      ['hrclerk', hr],
      ['auditor', follower],
    ] as const)
      people[account] = await userWith(t.app, admin, { account, roleId, deptId: dept });
    const starts = await ok<PageOf>(t.app, people.applicant!.token, {
      method: 'GET',
      url: '/api/blade-flow/work/start-list',
    });
    definition = String(starts.records.find((r) => r.processKey === 'leave')!.id);
  });
  afterAll(() => t.close());

  const read = (who: string, started: { businessId: string; processInstanceId: string }) =>
    Promise.all([
      call(t.app, people[who]?.token ?? admin, {
        method: 'GET',
        url: '/api/blade-desk/process/leave/detail',
        query: { businessId: started.businessId },
      }),
      call(t.app, people[who]?.token ?? admin, {
        method: 'GET',
        url: '/api/blade-flow/process/history-flow-list',
        query: { processInstanceId: started.processInstanceId },
      }),
    ]);

  it('lets participants and follow-up holders read it, and no other user of the tenant', async () => {
    // A long leave: after the approver it goes to HR, whose members are candidates.
    const started = await ok<{ businessId: string; processInstanceId: string }>(
      t.app,
      people.applicant!.token,
      {
        method: 'POST',
        url: '/api/blade-desk/process/leave/start-process',
        payload: {
          processDefinitionId: definition,
          leaveType: 1,
          startTime: '2026-12-01 09:00:00',
          endTime: '2026-12-08 18:00:00',
          reason: '体检',
          approverId: people.approver!.id,
        },
      },
    );
    // Before: any signed-in user of the tenant read any leave request and its history.
    for (const res of await read('colleague', started)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('只有流程的参与人和有流程跟踪权限的用户可以查看');
    }
    for (const who of ['applicant', 'approver', 'auditor', 'admin'])
      for (const res of await read(who, started)) expect(res.statusCode, who).toBe(200);
    // HR sees it once it is their turn (candidates of the open task).
    for (const res of await read('hrclerk', started)) expect(res.statusCode).toBe(403);
    const task = (
      await ok<PageOf>(t.app, people.approver!.token, {
        method: 'GET',
        url: '/api/blade-flow/work/todo-list',
      })
    ).records.find((r) => String(r.instanceId) === started.processInstanceId)!;
    await ok(t.app, people.approver!.token, {
      method: 'POST',
      url: '/api/blade-flow/work/complete-task',
      payload: { taskId: task.id, flag: true },
    });
    for (const res of await read('hrclerk', started)) expect(res.statusCode).toBe(200);
    for (const res of await read('colleague', started)) expect(res.statusCode).toBe(403);
  });
});
