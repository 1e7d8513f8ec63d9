import { bpmnDocument } from '@blade/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTimeToDate } from '../../core/time.js';
import { storedDefinition, tenantWithAdmin } from '../../test/fixtures.js';
import { type DescribedServer, serverForDescribe } from '../../test/harness.js';

/**
 * The diagram of issue 38, finding 1: a timer whose exclusive gateway loops back to it by
 * default, and reaches the end only on `${stop == true}`, which nobody ever sets.
 */
const timerLoop = (duration: string, key = 'ticker') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="d" targetNamespace="x">
  <process id="${key}" name="定时循环" isExecutable="true">
    <startEvent id="s" />
    <sequenceFlow id="f0" sourceRef="s" targetRef="tick" />
    <intermediateCatchEvent id="tick" name="等一下">
      <timerEventDefinition><timeDuration xsi:type="tFormalExpression">${duration}</timeDuration></timerEventDefinition>
    </intermediateCatchEvent>
    <sequenceFlow id="f1" sourceRef="tick" targetRef="gw" />
    <exclusiveGateway id="gw" name="停吗" default="again" />
    <sequenceFlow id="again" sourceRef="gw" targetRef="tick" />
    <sequenceFlow id="out" sourceRef="gw" targetRef="e"><conditionExpression xsi:type="tFormalExpression">\${stop == true}</conditionExpression></sequenceFlow>
    <endEvent id="e" />
  </process>
</definitions>`;

/** The call the issue tried, and the assignee every task here has otherwise. */
const CALL = `\${a.b('x')}`;
const STARTER = `\${starterId}`;

/** A user task whose assignee, or a timer whose duration, is written as a call. */
const withCall = (where: 'assignee' | 'timer') =>
  bpmnDocument({
    id: 'calling',
    name: '调用',
    body: `
    <startEvent id="s" />
    <sequenceFlow id="f0" sourceRef="s" targetRef="${where === 'timer' ? 'wait' : 'task'}" />
    <intermediateCatchEvent id="wait">
      <timerEventDefinition><timeDuration xsi:type="tFormalExpression">${where === 'timer' ? CALL : 'PT1H'}</timeDuration></timerEventDefinition>
    </intermediateCatchEvent>
    <sequenceFlow id="f1" sourceRef="wait" targetRef="task" />
    <userTask id="task" name="办理" flowable:assignee="${where === 'assignee' ? CALL : STARTER}" />
    <sequenceFlow id="f2" sourceRef="task" targetRef="e" />
    <endEvent id="e" />`,
  });

function upload(name: string, xml: string, fields: Record<string, string> = {}) {
  const boundary = '----timer-boundary';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/xml\r\n\r\n${xml}\r\n`,
  );
  return {
    method: 'POST' as const,
    url: '/api/blade-flow/manager/deploy-upload',
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'en' },
  };
}

/** Errors that escaped to the process while a block ran (vitest fails the run on them too). */
function escapedErrors() {
  const escaped: unknown[] = [];
  const record = (error: unknown) => escaped.push(error);
  beforeAll(() => {
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
  });
  afterAll(() => {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  });
  return escaped;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startIn(t: DescribedServer, definitionId: string, token = t.admin): Promise<number> {
  const started = await t.ok<{ processInstanceId: string }>(
    {
      method: 'POST',
      url: '/api/blade-flow/work/start-process',
      payload: { processDefinitionId: definitionId },
    },
    token,
  );
  return Number(started.processInstanceId);
}

/** Runs the flow.timers job once, as the scheduler would. */
async function runTimersJob(t: DescribedServer) {
  const job = t.services.jobs.get('flow.timers')!;
  return job.run({
    tenantId: undefined,
    scheduledAt: new Date(),
    cause: 'manual',
    signal: new AbortController().signal,
    progress: async () => {},
  });
}

const instances = (t: DescribedServer, ids: number[]) =>
  t.services.data
    .unscoped()
    .selectFrom('flow_instance')
    .select(['id', 'tenant_id', 'state_name', 'delete_reason', 'timer_due'])
    .where('id', 'in', ids)
    .execute();

const historyRows = async (t: DescribedServer, ids: number[]) =>
  Number(
    (
      await t.services.data
        .unscoped()
        .selectFrom('flow_history')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('instance_id', 'in', ids)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a started process leaves no engine behind (finding 1)', () => {
  // No scheduler: only the test fires timers, so anything that fires did so in memory.
  const t = serverForDescribe({ JOBS_ENABLED: 'false', FLOW_TIMER_MIN_SECONDS: '1' });
  const escaped = escapedErrors();

  it('a stored 10 ms timer loop neither runs in memory after its start nor kills the process', async () => {
    // Stored before deployments checked timer loops: nothing refuses it on the way in.
    const id = await storedDefinition(t.services, {
      key: 'ticker',
      name: '定时循环',
      xml: timerLoop('PT0.01S'),
    });
    const instance = await startIn(t, String(id));
    const before = await historyRows(t, [instance]);
    // An engine left running would pass its 200-activity guard within about a second and throw
    // from its timer callback, out of every request.
    await sleep(2_500);
    expect(escaped).toEqual([]);
    expect(await historyRows(t, [instance])).toBe(before);
    const [row] = await instances(t, [instance]);
    expect(row).toMatchObject({ state_name: 'running' });
    expect(row!.timer_due).not.toBeNull();
    await t.ok({ method: 'GET', url: '/api/health' });
  });
});

describe('timer loops are refused at deploy and model save (finding 2)', () => {
  const t = serverForDescribe();

  it('refuses a loop whose only wait is a timer shorter than the minimum interval, naming it', async () => {
    const deployed = await t.call(upload('ticker.bpmn', timerLoop('PT1S')));
    expect(deployed.statusCode).toBe(400);
    expect(deployed.json().msg).toBe(
      'In the process file ticker.bpmn, the loop 等一下 → 停吗 waits only at timers shorter than 60 s (等一下: PT1S), so it would fire again and again; wait longer, or at a user task',
    );
    const saved = await t.call({
      method: 'POST',
      url: '/api/blade-flow/model/submit',
      payload: { modelKey: 'ticker', name: '定时循环', xml: timerLoop('PT30S') },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().msg).toContain('等一下: PT30S');
  });

  it('keeps a loop whose timer waits at least the minimum interval', async () => {
    const deployed = await t.call(upload('hourly.bpmn', timerLoop('PT1H', 'hourly')));
    expect(deployed.json()).toMatchObject({ code: 200 });
  });
});

describe('expressions with calls (finding 11)', () => {
  const t = serverForDescribe({ FLOW_TIMER_MIN_SECONDS: '1' });

  it.each([
    'assignee',
    'timer',
  ] as const)('refuses a call as %s at deploy and model save, naming it', async (where) => {
    const deployed = await t.call(upload('calling.bpmn', withCall(where)));
    expect(deployed.statusCode).toBe(400);
    expect(deployed.json().msg).toContain(CALL);
    const saved = await t.call({
      method: 'POST',
      url: '/api/blade-flow/model/submit',
      payload: { modelKey: 'calling', name: '调用', xml: withCall(where) },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().msg).toContain(CALL);
  });

  it.each([
    'assignee',
    'timer',
  ] as const)('answers a start of one stored earlier (%s) with a 400, never a 500', async (where) => {
    const id = await storedDefinition(t.services, { key: 'calling', name: '调用', xml: withCall(where) });
    // What the deployment parsed then: the task and its assignee.
    const tasks = { task: { name: '办理', assignee: where === 'assignee' ? CALL : STARTER } };
    await t.services.data
      .unscoped()
      .updateTable('flow_definition')
      .set({ tasks: JSON.stringify(tasks) })
      .where('id', '=', id)
      .execute();
    const res = await t.call({
      method: 'POST',
      url: '/api/blade-flow/work/start-process',
      payload: { processDefinitionId: String(id) },
    });
    expect(res.statusCode).toBe(400);
    await t.ok({ method: 'GET', url: '/api/health' });
  });
});

/** A server whose timers fire no more often than `min` seconds, `firings` times an instance, `tenantRuns` a tenant per run; the jobs are run by the test. */
const timerBounds = (min: string, firings: string, tenantRuns: string) => ({
  JOBS_ENABLED: 'false',
  FLOW_TIMER_MIN_SECONDS: min,
  FLOW_TIMER_MAX_FIRINGS: firings,
  FLOW_TIMER_TENANT_RUN_MAX: tenantRuns,
});

describe('timers are bounded per instance and per tenant (finding 2)', () => {
  const t = serverForDescribe(timerBounds('1', '3', '5'));
  const escaped = escapedErrors();

  it('one tenant’s many due timers take at most its share of a run, and others still fire', async () => {
    const other = await tenantWithAdmin(t.app, t.services, '100001');
    const deployed = await t.call(upload('ticker.bpmn', timerLoop('PT1S'), { tenantIds: '000000,100001' }));
    expect(deployed.json()).toMatchObject({ code: 200 });
    const [mine, theirs] = deployed.json().data as Array<{ definitions: Array<{ id: string }> }>;
    const busy = await Promise.all(Array.from({ length: 12 }, () => startIn(t, mine!.definitions[0]!.id)));
    const quiet = await startIn(t, theirs!.definitions[0]!.id, other);
    await sleep(1_100);
    await runTimersJob(t);
    const now = Date.now();
    const rows = await instances(t, [...busy, quiet]);
    // A fired instance waits for its next round; one left for the next run is still due.
    const fired = (id: number) =>
      dbTimeToDate(rows.find((r) => Number(r.id) === id)!.timer_due!).getTime() > now;
    expect(busy.filter(fired)).toHaveLength(5);
    expect(fired(quiet)).toBe(true);
  });

  it('an instance that fired its cap ends failed, saying why', async () => {
    // A tenant of its own, so the instances of the test before do not take its share of the runs.
    const token = await tenantWithAdmin(t.app, t.services, '100002');
    const deployed = await t.call(upload('ticker.bpmn', timerLoop('PT1S'), { tenantIds: '100002' }));
    const instance = await startIn(t, deployed.json().data[0].definitions[0].id, token);
    for (let round = 0; round < 6; round++) {
      await sleep(1_050);
      await runTimersJob(t);
    }
    const [row] = await instances(t, [instance]);
    expect(row).toMatchObject({ state_name: 'failed', timer_due: null });
    expect(row!.delete_reason).toContain('3');
    // Three firings, each ending the timer and the gateway: nothing more was recorded.
    expect(await historyRows(t, [instance])).toBeLessThanOrEqual(1 + 3 * 2);
    expect(escaped).toEqual([]);
  });
});

/**
 * The issue asks for three minutes of fast timers; this many seconds already take every instance
 * past its cap several times over (a 250 ms interval and a cap of 10 firings: 2.5 s), which is
 * what the three minutes were to show, at a fraction of CI's time.
 */
const LOAD_SECONDS = 20;

describe('fifty timer loops keep the server answering (done when)', () => {
  const t = serverForDescribe(timerBounds('0.25', '10', '25'));
  const escaped = escapedErrors();

  it(`runs the timers job for ${LOAD_SECONDS} s with health answering within 100 ms of idle`, {
    timeout: (LOAD_SECONDS + 60) * 1000,
  }, async () => {
    const deployed = await t.call(upload('ticker.bpmn', timerLoop('PT0.25S')));
    expect(deployed.json()).toMatchObject({ code: 200 });
    const definition = deployed.json().data[0].definitions[0].id as string;
    const ids: number[] = [];
    for (let i = 0; i < 51; i++) ids.push(await startIn(t, definition));

    await t.ok({ method: 'GET', url: '/api/health' });
    /** Health's answer times until `end`, one after another. */
    const probe = async (end: number): Promise<number[]> => {
      const times: number[] = [];
      while (Date.now() < end) {
        const sent = performance.now();
        const res = await t.app.inject({ method: 'GET', url: '/api/health' });
        times.push(performance.now() - sent);
        expect(res.statusCode).toBe(200);
        await sleep(20);
      }
      return times.sort((a, b) => a - b);
    };
    const idle = await probe(Date.now() + 2000);
    const end = Date.now() + LOAD_SECONDS * 1000;
    const loaded = probe(end);
    let runs = 0;
    while (Date.now() < end) {
      await runTimersJob(t);
      runs++;
      await sleep(100);
    }
    const times = await loaded;

    expect(escaped).toEqual([]);
    expect(runs).toBeGreaterThan(10);
    // The machine is shared (two cores, other test files): a single slow answer may be its hiccup,
    // not ours. A run that held the thread would slow every answer around it, so the 99th
    // percentile stays within 100 ms of the idle server's, and no answer waits a second (runs
    // took 10–22 s before).
    const p99 = (sorted: number[]) => sorted[Math.floor(sorted.length * 0.99)] ?? 0;
    expect(p99(times)).toBeLessThan(p99(idle) + 100);
    expect(times.at(-1)).toBeLessThan(1000);
    const rows = await instances(t, ids);
    expect(rows.every((r) => r.state_name === 'failed')).toBe(true);
    // Each instance fired at most its cap: a start row, then the timer and the gateway per firing.
    expect(await historyRows(t, ids)).toBeLessThanOrEqual(ids.length * (1 + 10 * 2));
  });
});
