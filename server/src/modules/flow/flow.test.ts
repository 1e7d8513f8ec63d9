import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bpmnDocument } from '@blade/schema';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../server.js';
import { deptNamed, ok, roleWith, tenantWithAdmin, userWith } from '../../test/fixtures.js';
import {
  type ApiRequest,
  call,
  freshDatabase,
  serverForDescribe,
  testConfig,
  tokenOf,
} from '../../test/harness.js';

type Row = Record<string, unknown>;
type PageOf = { records: Row[]; total: number };

const PARALLEL = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="p" targetNamespace="x">
  <process id="purchase" name="采购审批" isExecutable="true">
    <startEvent id="s" />
    <sequenceFlow id="a" sourceRef="s" targetRef="fork" />
    <parallelGateway id="fork" />
    <sequenceFlow id="b" sourceRef="fork" targetRef="finance" />
    <sequenceFlow id="c" sourceRef="fork" targetRef="legal" />
    <userTask id="finance" name="财务审核" camunda:assignee="\${starterId}" />
    <userTask id="legal" name="法务审核" camunda:assignee="\${starterId}" />
    <sequenceFlow id="d" sourceRef="finance" targetRef="join" />
    <sequenceFlow id="e" sourceRef="legal" targetRef="join" />
    <parallelGateway id="join" />
    <sequenceFlow id="f" sourceRef="join" targetRef="route" />
    <exclusiveGateway id="route" default="small" />
    <sequenceFlow id="big" sourceRef="route" targetRef="ceo"><conditionExpression xsi:type="tFormalExpression">\${amount &gt; 10000}</conditionExpression></sequenceFlow>
    <sequenceFlow id="small" sourceRef="route" targetRef="end" />
    <userTask id="ceo" name="总经理审批" camunda:assignee="\${starterId}" />
    <sequenceFlow id="g" sourceRef="ceo" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

const TIMER = bpmnDocument({
  id: 'reminder',
  name: '限时确认',
  body: `
    <startEvent id="s" />
    <sequenceFlow id="a" sourceRef="s" targetRef="confirm" />
    <userTask id="confirm" name="确认" flowable:assignee="\${starterId}" />
    <boundaryEvent id="late" attachedToRef="confirm" cancelActivity="true">
      <timerEventDefinition><timeDuration xsi:type="tFormalExpression">PT1S</timeDuration></timerEventDefinition>
    </boundaryEvent>
    <sequenceFlow id="b" sourceRef="confirm" targetRef="done" />
    <sequenceFlow id="c" sourceRef="late" targetRef="escalate" />
    <userTask id="escalate" name="超时处理" flowable:assignee="\${starterId}" />
    <sequenceFlow id="d" sourceRef="escalate" targetRef="done" />
    <endEvent id="done" />`,
});

function upload(files: Array<[string, string]>, fields: Record<string, string> = {}) {
  const boundary = '----flow-boundary';
  const parts = [
    ...Object.entries(fields).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    ),
    ...files.map(
      ([name, xml]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/xml\r\n\r\n${xml}\r\n`,
    ),
  ];
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('workflow', () => {
  // Timers of a second: the tests wait for them to fire.
  const t = serverForDescribe({ LEAVE_HR_DAYS: '3', FLOW_TIMER_MIN_SECONDS: '1' });
  let applicant: { id: string; token: string };
  let manager: { id: string; token: string };
  let hr: { id: string; token: string };
  let outsider: { id: string; token: string };
  let leaveDefinition: string;

  beforeAll(async () => {
    const head = (await t.ok<Row[]>({ method: 'GET', url: '/api/blade-system/dept/tree' }))[0]!;
    const dept = await deptNamed(t.app, t.admin, '研发部', String(head.id));
    const staff = await roleWith(t.app, t.services, t.admin, 'staff', ['work']);
    const hrRole = await roleWith(t.app, t.services, t.admin, 'hr', ['work']);
    applicant = await userWith(t.app, t.admin, { account: 'alice', roleId: staff, deptId: dept });
    manager = await userWith(t.app, t.admin, { account: 'bob', roleId: staff, deptId: dept });
    hr = await userWith(t.app, t.admin, { account: 'carol', roleId: hrRole, deptId: dept });
    outsider = await userWith(t.app, t.admin, { account: 'dave', roleId: staff, deptId: dept });
    const starts = await ok<PageOf>(t.app, applicant.token, {
      method: 'GET',
      url: '/api/blade-flow/work/start-list',
    });
    const leave = starts.records.find((r) => r.processKey === 'leave')!;
    expect(leave).toMatchObject({ name: '请假流程', version: 1 });
    leaveDefinition = String(leave.id);
  });

  const startLeave = (days: number, token = applicant.token) =>
    ok<{ businessId: string; processInstanceId: string }>(t.app, token, {
      method: 'POST',
      url: '/api/blade-desk/process/leave/start-process',
      payload: {
        processDefinitionId: leaveDefinition,
        leaveType: 3,
        startTime: '2026-12-01 09:00:00',
        endTime: `2026-12-${String(days).padStart(2, '0')} 18:00:00`,
        reason: '回家探亲',
        approverId: manager.id,
      },
    });
  const todo = (token: string) =>
    ok<PageOf>(t.app, token, { method: 'GET', url: '/api/blade-flow/work/todo-list' });
  const complete = (token: string, taskId: unknown, flag: boolean, comment = '') =>
    call(t.app, token, {
      method: 'POST',
      url: '/api/blade-flow/work/complete-task',
      payload: { taskId, flag, comment },
    });
  const history = (token: string, id: string) =>
    ok<{
      instance: Row;
      history: Row[];
      currentActivityIds: string[];
      finishedActivityIds: string[];
      xml: string;
    }>(t.app, token, {
      method: 'GET',
      url: '/api/blade-flow/process/history-flow-list',
      query: { processInstanceId: id },
    });

  it('a short leave: the approver approves and it is done', async () => {
    const started = await startLeave(2);
    const tasks = (await todo(manager.token)).records.filter(
      (r) => r.instanceId === started.processInstanceId,
    );
    expect(tasks).toEqual([
      expect.objectContaining({ name: '部门审批', processName: '请假流程', businessKey: started.businessId }),
    ]);
    expect(
      (await todo(applicant.token)).records.some((r) => r.instanceId === started.processInstanceId),
    ).toBe(false);

    const denied = await complete(outsider.token, tasks[0]!.id, true);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe('无权办理此任务');
    expect((await complete(manager.token, tasks[0]!.id, true, '同意')).statusCode).toBe(200);
    const again = await complete(manager.token, tasks[0]!.id, true);
    expect(again.statusCode).toBe(409);

    const h = await history(applicant.token, started.processInstanceId);
    expect(h.instance.state).toBe('completed');
    expect(h.history.map((x) => x.activityId)).toEqual([
      'start',
      'managerApproval',
      'managerDecision',
      'lengthCheck',
      'approvedEnd',
    ]);
    // The start event is the applicant's own step: the history names who started it.
    expect(h.history[0]).toMatchObject({ assignee: 'alice', assigneeId: applicant.id });
    expect(h.history[1]).toMatchObject({ assignee: 'bob', comment: '同意' });
    expect(h.xml).toContain('managerApproval');
    const sent = await ok<PageOf>(t.app, applicant.token, {
      method: 'GET',
      url: '/api/blade-flow/work/send-list',
    });
    expect(sent.records.find((r) => r.id === started.processInstanceId)).toMatchObject({
      stateName: 'completed',
    });
    const done = await ok<PageOf>(t.app, manager.token, {
      method: 'GET',
      url: '/api/blade-flow/work/done-list',
    });
    expect(done.records.some((r) => r.instanceId === started.processInstanceId)).toBe(true);
    const detail = await ok<Row>(t.app, applicant.token, {
      method: 'GET',
      url: '/api/blade-desk/process/leave/detail',
      query: { businessId: started.businessId },
    });
    expect(detail).toMatchObject({
      days: 2,
      reason: '回家探亲',
      processState: 'completed',
      startTime: '2026-12-01 09:00:00',
    });
  });

  it('a rejection names its reason: an empty or blank one is refused at the comment field', async () => {
    const started = await startLeave(2);
    const task = (await todo(manager.token)).records.find((r) => r.instanceId === started.processInstanceId)!;
    for (const comment of ['', '   ']) {
      const refused = await complete(manager.token, task.id, false, comment);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toBe('缺少参数 comment');
    }
    const left = (await todo(manager.token)).records.find((r) => r.instanceId === started.processInstanceId);
    expect(left).toMatchObject({ id: task.id });
    expect((await complete(manager.token, task.id, false, '时间冲突')).statusCode).toBe(200);
    // the applicant withdrawing their own request gives no reason
    const adjust = (await todo(applicant.token)).records.find(
      (r) => r.instanceId === started.processInstanceId,
    )!;
    expect((await complete(applicant.token, adjust.id, false)).statusCode).toBe(200);
  });

  it('a long leave goes on to HR, who claim it from their candidate list', async () => {
    const started = await startLeave(5);
    const task = (await todo(manager.token)).records.find((r) => r.instanceId === started.processInstanceId)!;
    await complete(manager.token, task.id, true);
    const claimable = await ok<PageOf>(t.app, hr.token, {
      method: 'GET',
      url: '/api/blade-flow/work/claim-list',
    });
    const hrTask = claimable.records.find((r) => r.instanceId === started.processInstanceId)!;
    expect(hrTask).toMatchObject({ name: '人事审批' });
    expect(
      (
        await ok<PageOf>(t.app, outsider.token, { method: 'GET', url: '/api/blade-flow/work/claim-list' })
      ).records.some((r) => r.id === hrTask.id),
    ).toBe(false);
    const claim: ApiRequest = {
      method: 'POST',
      url: '/api/blade-flow/work/claim-task',
      payload: { taskId: hrTask.id },
    };
    expect(await t.status(claim, outsider.token)).toBe(403);
    await t.ok(claim, hr.token);
    expect(await t.status(claim, hr.token)).toBe(409);
    expect((await complete(hr.token, hrTask.id, true, '人事同意')).statusCode).toBe(200);
    const h = await history(applicant.token, started.processInstanceId);
    expect(h.instance.state).toBe('completed');
    expect(h.history.map((x) => x.activityId)).toContain('hrApproval');
  });

  it('a rejected leave returns to the applicant, who resubmits it (or withdraws it)', async () => {
    const started = await startLeave(2);
    let task = (await todo(manager.token)).records.find((r) => r.instanceId === started.processInstanceId)!;
    await complete(manager.token, task.id, false, '时间冲突');
    const adjust = (await todo(applicant.token)).records.find(
      (r) => r.instanceId === started.processInstanceId,
    )!;
    expect(adjust).toMatchObject({ name: '调整申请' });
    await complete(applicant.token, adjust.id, true, '已调整');
    task = (await todo(manager.token)).records.find((r) => r.instanceId === started.processInstanceId)!;
    expect(task).toMatchObject({ name: '部门审批' });
    await complete(manager.token, task.id, true);
    expect((await history(applicant.token, started.processInstanceId)).instance.state).toBe('completed');

    const second = await startLeave(2);
    const t2 = (await todo(manager.token)).records.find((r) => r.instanceId === second.processInstanceId)!;
    await complete(manager.token, t2.id, false, '人手不足');
    const a2 = (await todo(applicant.token)).records.find((r) => r.instanceId === second.processInstanceId)!;
    await complete(applicant.token, a2.id, false, '撤销');
    const h = await history(applicant.token, second.processInstanceId);
    expect(h.instance.state).toBe('completed');
    expect(h.finishedActivityIds).toContain('withdrawnEnd');
  });

  it('deploys other diagrams: parallel and exclusive gateways, timer boundary events', async () => {
    const bad = await t.call({
      method: 'POST',
      url: '/api/blade-flow/manager/deploy-upload',
      ...upload([['broken.bpmn', '<definitions><process id="x"']]),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^流程文件 broken\.bpmn 无效：/);

    const deployed = await t.call({
      method: 'POST',
      url: '/api/blade-flow/manager/deploy-upload',
      ...upload(
        [
          ['purchase.bpmn', PARALLEL],
          ['reminder.bpmn20.xml', TIMER],
        ],
        { category: '3' },
      ),
    });
    expect(deployed.json()).toMatchObject({ code: 200 });
    const nowhere = await t.call({
      method: 'POST',
      url: '/api/blade-flow/manager/deploy-upload',
      ...upload([['purchase.bpmn', PARALLEL]], { tenantIds: '000000,424242' }),
    });
    expect(nowhere.statusCode).toBe(404);
    const again = await t.call({
      method: 'POST',
      url: '/api/blade-flow/manager/deploy-upload',
      ...upload([['purchase.bpmn', PARALLEL]]),
    });
    expect(again.json().data[0].definitions[0]).toMatchObject({ key: 'purchase', version: 2 });
    const purchase = String(again.json().data[0].definitions[0].id);

    const started = await t.ok<{ processInstanceId: string }>({
      method: 'POST',
      url: '/api/blade-flow/work/start-process',
      payload: { processDefinitionId: purchase, variables: { amount: 20000 } },
    });
    let mine = (await todo(t.admin)).records.filter((r) => r.instanceId === started.processInstanceId);
    expect(mine.map((r) => r.name).sort()).toEqual(['法务审核', '财务审核']);
    await complete(t.admin, mine[0]!.id, true);
    expect((await history(t.admin, started.processInstanceId)).instance.state).toBe('running');
    await complete(t.admin, mine[1]!.id, true);
    mine = (await todo(t.admin)).records.filter((r) => r.instanceId === started.processInstanceId);
    expect(mine.map((r) => r.name)).toEqual(['总经理审批']);
    await complete(t.admin, mine[0]!.id, true);
    expect((await history(t.admin, started.processInstanceId)).instance.state).toBe('completed');

    const reminder = String(deployed.json().data[0].definitions.find((d: Row) => d.key === 'reminder').id);
    const timed = await t.ok<{ processInstanceId: string }>({
      method: 'POST',
      url: '/api/blade-flow/work/start-process',
      payload: { processDefinitionId: reminder },
    });
    expect(
      (await todo(t.admin)).records
        .filter((r) => r.instanceId === timed.processInstanceId)
        .map((r) => r.name),
    ).toEqual(['确认']);
    let names: unknown[] = [];
    for (let i = 0; i < 40 && !names.includes('超时处理'); i++) {
      await new Promise((r) => setTimeout(r, 150));
      names = (await todo(t.admin)).records
        .filter((r) => r.instanceId === timed.processInstanceId)
        .map((r) => r.name);
    }
    expect(names).toEqual(['超时处理']);
  });

  it('fires a timer in one step: the task it interrupts ends with the new one recorded, or neither', async () => {
    const deployed = await t.call({
      method: 'POST',
      url: '/api/blade-flow/manager/deploy-upload',
      ...upload([['reminder.bpmn20.xml', TIMER]], { category: '3' }),
    });
    const definition = String(deployed.json().data[0].definitions[0].id);
    const timed = await t.ok<{ processInstanceId: string }>({
      method: 'POST',
      url: '/api/blade-flow/work/start-process',
      payload: { processDefinitionId: definition },
    });
    const open = async () =>
      (await todo(t.admin)).records
        .filter((r) => r.instanceId === timed.processInstanceId)
        .map((r) => r.name);
    expect(await open()).toEqual(['确认']);

    // The interrupted task cannot be ended: firing the timer must then change nothing at all.
    const db = t.services.data.unscoped();
    const dialect = t.services.data.dialect;
    const refuse = {
      sqlite: [
        `create trigger flow_task_no_cancel before update of state_name on flow_task
             when new.state_name = 'cancelled' begin select raise(abort, 'cancel refused'); end`,
      ],
      mysql: [
        `create trigger flow_task_no_cancel before update on flow_task for each row
             begin if new.state_name = 'cancelled' then
               signal sqlstate '45000' set message_text = 'cancel refused'; end if; end`,
      ],
      postgres: [
        `create function flow_task_no_cancel() returns trigger language plpgsql as
             $$ begin raise exception 'cancel refused'; end $$`,
        `create trigger flow_task_no_cancel before update on flow_task for each row
             when (new.state_name = 'cancelled') execute function flow_task_no_cancel()`,
      ],
    }[dialect];
    for (const statement of refuse) await sql.raw(statement).execute(db);
    await new Promise((r) => setTimeout(r, 1_200));
    await expect(t.services.flow.fireDueTimers()).rejects.toThrow(/cancel refused/);
    expect(await open()).toEqual(['确认']);

    const restore =
      dialect === 'postgres'
        ? ['drop trigger flow_task_no_cancel on flow_task', 'drop function flow_task_no_cancel()']
        : ['drop trigger flow_task_no_cancel'];
    for (const statement of restore) await sql.raw(statement).execute(db);
    await t.services.flow.fireDueTimers();
    expect(await open()).toEqual(['超时处理']);
    // The interrupted task ended when it was changed, as every task another step ends.
    const ended = await db
      .selectFrom('flow_task')
      .select(['end_time', 'update_time'])
      .where('instance_id', '=', Number(timed.processInstanceId))
      .where('state_name', '=', 'cancelled')
      .executeTakeFirstOrThrow();
    expect(ended.end_time).not.toBeNull();
    expect(String(ended.update_time)).toBe(String(ended.end_time));
  });

  it('a suspended definition starts nothing; deleting an instance ends its tasks', async () => {
    const bad = await t.call({
      method: 'POST',
      url: '/api/blade-flow/manager/change-state',
      payload: { processId: leaveDefinition, state: 'suspended' },
    });
    expect(bad.statusCode).toBe(200);
    const refused = await call(t.app, applicant.token, {
      method: 'POST',
      url: '/api/blade-desk/process/leave/start-process',
      payload: {
        processDefinitionId: leaveDefinition,
        leaveType: 1,
        startTime: '2026-12-01 09:00:00',
        endTime: '2026-12-01 18:00:00',
        reason: 'x',
        approverId: manager.id,
      },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('流程已挂起，不能发起新流程');
    await t.ok({
      method: 'POST',
      url: '/api/blade-flow/manager/change-state',
      payload: { processId: leaveDefinition, state: 'active' },
    });
    const started = await startLeave(1);
    expect(
      (await t.ok<PageOf>({ method: 'GET', url: '/api/blade-flow/follow/list' })).records.some(
        (r) => r.id === started.processInstanceId,
      ),
    ).toBe(true);
    await t.ok({
      method: 'POST',
      url: '/api/blade-flow/follow/delete-process-instance',
      payload: { processInstanceId: started.processInstanceId, deleteReason: '重复申请' },
    });
    expect((await todo(manager.token)).records.some((r) => r.instanceId === started.processInstanceId)).toBe(
      false,
    );
    expect(
      (await call(t.app, applicant.token, { method: 'GET', url: '/api/blade-flow/follow/list' })).statusCode,
    ).toBe(403);
  });
});

describe('workflow tenancy', () => {
  const t = serverForDescribe();

  it("keeps each tenant's definitions, instances and tasks to itself", async () => {
    const other = await tenantWithAdmin(t.app, t.services, '500005', 'else-pass');
    const mine = await t.ok<PageOf>({ method: 'GET', url: '/api/blade-flow/work/start-list' });
    const leave = String(mine.records.find((r) => r.processKey === 'leave')!.id);
    const info = await t.ok<{ user: { id: string } }>({
      method: 'GET',
      url: '/api/blade-auth/oauth/user-info',
    });
    const leaveForm = {
      processDefinitionId: leave,
      leaveType: 1,
      startTime: '2026-12-01 09:00:00',
      endTime: '2026-12-01 18:00:00',
      reason: 'x',
      approverId: info.user.id,
    };
    const started = await t.ok<{ processInstanceId: string }>({
      method: 'POST',
      url: '/api/blade-desk/process/leave/start-process',
      payload: leaveForm,
    });
    const task = (await t.ok<PageOf>({ method: 'GET', url: '/api/blade-flow/work/todo-list' })).records[0]!;

    expect(
      (await ok<PageOf>(t.app, other, { method: 'GET', url: '/api/blade-flow/work/start-list' })).total,
    ).toBe(0);
    expect(
      (await ok<PageOf>(t.app, other, { method: 'GET', url: '/api/blade-flow/manager/list' })).total,
    ).toBe(0);
    expect(
      (await ok<PageOf>(t.app, other, { method: 'GET', url: '/api/blade-flow/follow/list' })).total,
    ).toBe(0);
    const foreignStart = await call(t.app, other, {
      method: 'POST',
      url: '/api/blade-desk/process/leave/start-process',
      payload: leaveForm,
    });
    expect(foreignStart.statusCode).toBe(404);
    const foreign: ApiRequest[] = [
      { method: 'POST', url: '/api/blade-flow/work/complete-task', payload: { taskId: task.id, flag: true } },
      { method: 'POST', url: '/api/blade-flow/work/claim-task', payload: { taskId: task.id } },
      {
        method: 'GET',
        url: '/api/blade-flow/process/history-flow-list',
        query: { processInstanceId: started.processInstanceId },
      },
      {
        method: 'POST',
        url: '/api/blade-flow/manager/change-state',
        payload: { processId: leave, state: 'suspended' },
      },
    ];
    for (const request of foreign) expect(await t.status(request, other), request.url).toBe(404);
  });
});

describe('workflow across a restart', () => {
  it('continues a process after the server restarts between steps', async () => {
    const database = await freshDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'blade-flow-'));
    let app = await createServer(testConfig(database.url, dir));
    await app.ready();
    const admin = (await tokenOf(app)).access_token;
    const defs = await ok<PageOf>(app, admin, { method: 'GET', url: '/api/blade-flow/work/start-list' });
    const leave = String(defs.records.find((r) => r.processKey === 'leave')!.id);
    const info = await ok<{ user: { id: string } }>(app, admin, {
      method: 'GET',
      url: '/api/blade-auth/oauth/user-info',
    });
    const started = await ok<{ processInstanceId: string }>(app, admin, {
      method: 'POST',
      url: '/api/blade-desk/process/leave/start-process',
      payload: {
        processDefinitionId: leave,
        leaveType: 1,
        startTime: '2026-12-01 09:00:00',
        endTime: '2026-12-09 18:00:00',
        reason: '长假',
        approverId: info.user.id,
      },
    });
    await app.close();

    app = await createServer(testConfig(database.url, dir));
    await app.ready();
    const token = (await tokenOf(app)).access_token;
    const task = (
      await ok<PageOf>(app, token, { method: 'GET', url: '/api/blade-flow/work/todo-list' })
    ).records.find((r) => r.instanceId === started.processInstanceId)!;
    await ok(app, token, {
      method: 'POST',
      url: '/api/blade-flow/work/complete-task',
      payload: { taskId: task.id, flag: true },
    });
    await app.close();

    app = await createServer(testConfig(database.url, dir));
    await app.ready();
    const again = (await tokenOf(app)).access_token;
    const h = await ok<{ current: Row[]; instance: Row }>(app, again, {
      method: 'GET',
      url: '/api/blade-flow/process/history-flow-list',
      query: { processInstanceId: started.processInstanceId },
    });
    expect(h.instance.state).toBe('running');
    expect(h.current).toEqual([expect.objectContaining({ activityId: 'hrApproval', candidateGroups: 'hr' })]);
    await app.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });
});
