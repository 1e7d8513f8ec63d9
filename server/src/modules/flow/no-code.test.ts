import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../core/ids.js';
import { utcNow } from '../../core/time.js';
import { rewriteLeaveConditions } from '../../db/migrations/0007-platform-security.js';
import { storedDefinition } from '../../test/fixtures.js';
import { auditColumns, serverForDescribe, tokenOf } from '../../test/harness.js';
import { ExpressionError, evaluateExpression, resolveTemplate } from './expression.js';
import { LEAVE_BPMN } from './leave-process.js';

type Row = Record<string, unknown>;

/** A process whose one step runs `step` (an element) before it ends. */
const processWith = (step: string, key = 'attack') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:flowable="http://flowable.org/bpmn" id="d" targetNamespace="x">
  <process id="${key}" name="attack" isExecutable="true">
    <startEvent id="s" />
    <sequenceFlow id="a" sourceRef="s" targetRef="step" />
    ${step}
    <sequenceFlow id="b" sourceRef="step" targetRef="e" />
    <endEvent id="e" />
  </process>
</definitions>`;

function upload(name: string, xml: string) {
  const boundary = '----no-code';
  return {
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/xml\r\n\r\n${xml}\r\n--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('process files never run code in the server', () => {
  const t = serverForDescribe();
  let stolen: string;
  let payload: string;
  beforeAll(async () => {
    // The attack of the report: escape the script sandbox, copy the signing secret out and
    // write a file of our own.
    stolen = join(t.config.dataDir, 'stolen-secret.txt');
    const secret = join(t.config.dataDir, 'jwt-secret');
    payload = `const p = this.constructor.constructor('return process')(); const fs = p.getBuiltinModule('fs'); fs.writeFileSync(${JSON.stringify(stolen)}, fs.readFileSync(${JSON.stringify(secret)})); if (typeof next === 'function') next(null, true);`;
  });

  const attacks = () => ({
    'a script task': processWith(
      `<scriptTask id="step" scriptFormat="javascript"><script>${payload}</script></scriptTask>`,
    ),
    'a script condition': processWith(
      `<exclusiveGateway id="step" /><sequenceFlow id="c" sourceRef="step" targetRef="e"><conditionExpression xsi:type="tFormalExpression" language="javascript">${payload}</conditionExpression></sequenceFlow>`,
    ),
    'a script execution listener': processWith(
      `<userTask id="step"><extensionElements><camunda:executionListener event="start"><camunda:script scriptFormat="javascript">${payload}</camunda:script></camunda:executionListener></extensionElements></userTask>`,
    ),
    'a task listener class': processWith(
      `<userTask id="step"><extensionElements><flowable:taskListener event="create" class="com.example.Evil" /></extensionElements></userTask>`,
    ),
    'a delegate expression': processWith(`<serviceTask id="step" camunda:expression="\${x}" />`),
    'a service implementation': processWith(
      `<serviceTask id="step" implementation="\${environment.services.exec}" />`,
    ),
  });

  it('refuses script tasks, script conditions and listeners at deploy-upload, model save and model deploy', async () => {
    for (const [what, xml] of Object.entries(attacks())) {
      const deployed = await t.call({
        method: 'POST',
        url: '/api/blade-flow/manager/deploy-upload',
        ...upload('attack.bpmn', xml),
      });
      expect(deployed.statusCode, what).toBe(400);
      expect(deployed.json().msg, what).toMatch(/^流程文件 attack\.bpmn 含有会在服务器上运行的代码/);
      const saved = await t.call({
        method: 'POST',
        url: '/api/blade-flow/model/submit',
        payload: { modelKey: 'attack', name: 'attack', xml },
        headers: { 'accept-language': 'en' },
      });
      expect(saved.statusCode, what).toBe(400);
      expect(saved.json().msg, what).toContain('holds code that would run on the server');
    }
    // A model stored before this check (or written to the database) is refused when deployed.
    const modelId = nextId();
    await t.services.data
      .forTenant('000000')
      .insertInto('flow_model')
      .values({
        id: modelId,
        tenant_id: '000000',
        model_key: 'attack',
        name: 'attack',
        category: null,
        description: null,
        xml: attacks()['a script task'],
        ...auditColumns(utcNow()),
      })
      .execute();
    const deployModel = await t.call({
      method: 'POST',
      url: '/api/blade-flow/model/deploy',
      payload: { modelId: String(modelId) },
    });
    expect(deployModel.statusCode).toBe(400);
    const stored = await t.services.data
      .forTenant('000000')
      .selectFrom('flow_definition')
      .select('id')
      .where('process_key', '=', 'attack')
      .execute();
    expect(stored).toEqual([]);
    expect(existsSync(stolen)).toBe(false);
  });

  it('runs nothing of a definition stored with code: the script task fails, the secret stays put', async () => {
    for (const [what, xml] of Object.entries(attacks()).slice(0, 2)) {
      const id = await storedDefinition(t.services, { key: `legacy${nextId()}`, name: what, xml });
      const started = await t.call({
        method: 'POST',
        url: '/api/blade-flow/work/start-process',
        payload: { processDefinitionId: String(id) },
      });
      expect(existsSync(stolen), what).toBe(false);
      expect(started.statusCode, what).toBe(400);
      expect(started.json().msg, what).toMatch(/^此流程含有脚本，服务器不运行流程中的脚本/);
    }
  });

  it('evaluates conditions with its own grammar: no calls, no prototypes, no globals', async () => {
    const vars = { approved: true, days: '5', hrDays: 3, user: { level: 2 }, list: [1, 2] };
    expect(evaluateExpression('approved == true && days > hrDays', vars)).toBe(true);
    expect(evaluateExpression('days gt 9 or not approved', vars)).toBe(false);
    expect(evaluateExpression('user.level >= 2 and list[1] == 2 and !empty list', vars)).toBe(true);
    expect(evaluateExpression("days == '5' && (hrDays + 1) * 2 == 8", vars)).toBe(true);
    expect(resolveTemplate(`\${days}`, vars)).toBe('5');
    expect(resolveTemplate(`to \${user.level} of \${missing}`, vars)).toBe('to 2 of ');
    expect(resolveTemplate('PT1S', vars)).toBe('PT1S');
    for (const reach of ['constructor', 'user.constructor', 'user.__proto__', 'list.map', 'toString']) {
      expect(evaluateExpression(reach, vars), reach).toBeNull();
    }
    for (const bad of [
      "constructor.constructor('return process')()",
      'process.exit(1)',
      'a = 1',
      'days === 5',
      '`x`',
      'approved ? 1 : 2',
      '((((((((((((((((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))))))))))))))))',
    ]) {
      expect(() => evaluateExpression(bad, vars), bad).toThrow(ExpressionError);
    }
    const deployed = await t.call({
      method: 'POST',
      url: '/api/blade-flow/manager/deploy-upload',
      ...upload(
        'calls.bpmn',
        processWith(
          `<exclusiveGateway id="step" /><sequenceFlow id="c" sourceRef="step" targetRef="e"><conditionExpression xsi:type="tFormalExpression">\${environment.constructor.constructor('return process')()}</conditionExpression></sequenceFlow>`,
        ),
      ),
    });
    expect(deployed.statusCode).toBe(400);
    expect(deployed.json().msg).toContain('流程文件 calls.bpmn 无效');
    const bare = await t.call({
      method: 'POST',
      url: '/api/blade-flow/manager/deploy-upload',
      ...upload(
        'bare.bpmn',
        processWith(
          `<exclusiveGateway id="step" /><sequenceFlow id="c" sourceRef="step" targetRef="e"><conditionExpression xsi:type="tFormalExpression">approved == false</conditionExpression></sequenceFlow>`,
        ),
      ),
    });
    expect(bare.statusCode).toBe(400);
  });

  it('the leave process decides by expressions', async () => {
    const row = await t.ok<{ records: Row[] }>({
      method: 'GET',
      url: '/api/blade-flow/model/list',
    });
    const leave = row.records.find((r) => r.modelKey === 'leave')!;
    const detail = await t.ok<Row>({
      method: 'GET',
      url: '/api/blade-flow/model/detail',
      query: { id: String(leave.id) },
    });
    expect(String(detail.xml)).toContain(`\${days &gt; hrDays}`);
    expect(String(detail.xml)).not.toContain('javascript');
    expect(readFileSync(join(t.config.dataDir, 'jwt-secret'), 'utf8').length).toBeGreaterThan(0);
  });

  it('an older install: the stored leave process and its running instances move from scripts to expressions', async () => {
    const scripted = LEAVE_BPMN.replaceAll(
      `<conditionExpression xsi:type="tFormalExpression">\${approved == true}</conditionExpression>`,
      '<conditionExpression xsi:type="tFormalExpression" language="javascript">next(null, environment.variables.approved === true)</conditionExpression>',
    ).replace(
      `<conditionExpression xsi:type="tFormalExpression">\${days &gt; hrDays}</conditionExpression>`,
      '<conditionExpression xsi:type="tFormalExpression" language="javascript">next(null, Number(environment.variables.days) &gt; Number(environment.variables.hrDays))</conditionExpression>',
    );
    const db = t.services.data.forTenant('000000');
    await db
      .updateTable('flow_definition')
      .set({ xml: scripted })
      .where('process_key', '=', 'leave')
      .execute();
    await db.updateTable('flow_model').set({ xml: scripted }).where('model_key', '=', 'leave').execute();
    const me = await tokenOf(t.app);
    const definition = await db
      .selectFrom('flow_definition')
      .select('id')
      .where('process_key', '=', 'leave')
      .executeTakeFirstOrThrow();
    const leave = await t.ok<{ processInstanceId: string }>({
      method: 'POST',
      url: '/api/blade-desk/process/leave/start-process',
      payload: {
        processDefinitionId: String(definition.id),
        leaveType: 1,
        startTime: '2026-12-01 09:00:00',
        endTime: '2026-12-01 18:00:00',
        reason: 'upgrade',
        approverId: me.user_id,
      },
    });
    const state = await db
      .selectFrom('flow_instance')
      .select('engine_state')
      .where('id', '=', Number(leave.processInstanceId))
      .executeTakeFirstOrThrow();
    expect(state.engine_state).toContain('environment.variables.approved === true');

    await rewriteLeaveConditions(t.services.data.unscoped());
    const task = (
      await t.ok<{ records: Row[] }>({ method: 'GET', url: '/api/blade-flow/work/todo-list' })
    ).records.find((r) => r.instanceId === leave.processInstanceId)!;
    await t.ok({
      method: 'POST',
      url: '/api/blade-flow/work/complete-task',
      payload: { taskId: task.id, flag: true },
    });
    const done = await db
      .selectFrom('flow_instance')
      .select(['state_name', 'engine_state'])
      .where('id', '=', Number(leave.processInstanceId))
      .executeTakeFirstOrThrow();
    expect(done.state_name).toBe('completed');
    for (const table of ['flow_definition', 'flow_model'] as const) {
      const rows = await t.services.data.unscoped().selectFrom(table).select('xml').execute();
      for (const row of rows) expect(row.xml ?? '').not.toContain('environment.variables.approved');
    }
  });
});
