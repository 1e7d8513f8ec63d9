import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { storedDefinition } from '../../test/fixtures.js';
import { serverForDescribe } from '../../test/harness.js';
import { parseBpmn } from './bpmn.js';
import { durationSeconds } from './bpmn-loops.js';
import { LEAVE_BPMN } from './leave-process.js';
import { startProcess } from './runner.js';

const RULES = { minSeconds: 60 };

const definitions = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="x">
  <process id="looping" name="循环" isExecutable="true">
    <startEvent id="s" />
    <sequenceFlow id="f0" sourceRef="s" targetRef="a" />
    ${body}
  </process>
</definitions>`;

/** Two plain tasks that hand over to each other forever: nothing in the loop waits. */
const ENDLESS = definitions(`
    <task id="a" name="整理" />
    <sequenceFlow id="f1" sourceRef="a" targetRef="b" />
    <task id="b" name="复核" />
    <sequenceFlow id="f2" sourceRef="b" targetRef="a" />`);

/** A self-loop through an exclusive gateway, inside a sub-process. */
const ENDLESS_INSIDE = definitions(`
    <subProcess id="a" name="子流程">
      <startEvent id="in" />
      <sequenceFlow id="g0" sourceRef="in" targetRef="gw" />
      <exclusiveGateway id="gw" name="判断" default="g1" />
      <sequenceFlow id="g1" sourceRef="gw" targetRef="gw" />
    </subProcess>
    <sequenceFlow id="f1" sourceRef="a" targetRef="e" />
    <endEvent id="e" />`);

/** The same loop with a user task in it: each round waits for a person. */
const WAITING = definitions(`
    <userTask id="a" name="整理" />
    <sequenceFlow id="f1" sourceRef="a" targetRef="b" />
    <task id="b" name="复核" />
    <sequenceFlow id="f2" sourceRef="b" targetRef="a" />`);

describe('loops in BPMN', () => {
  it('refuses a loop that never waits, also inside a sub-process, and keeps loops that wait', async () => {
    await expect(parseBpmn(ENDLESS, 'endless.bpmn', RULES)).rejects.toMatchObject({
      key: 'bpmnEndlessLoop',
      params: { file: 'endless.bpmn', loop: '整理 → 复核' },
    });
    await expect(parseBpmn(ENDLESS_INSIDE, 'inner.bpmn', RULES)).rejects.toMatchObject({
      key: 'bpmnEndlessLoop',
      params: { loop: '判断' },
    });
    await expect(parseBpmn(WAITING, 'waiting.bpmn', RULES)).resolves.toHaveLength(1);
    // The leave process loops back to the applicant after a rejection: that loop waits for them.
    await expect(parseBpmn(LEAVE_BPMN, 'leave.bpmn', RULES)).resolves.toHaveLength(1);
  });

  it('stops a stored definition that loops with a clear error instead of overflowing the stack', async () => {
    await expect(startProcess('looping', ENDLESS, {}, { minTimerMs: 60_000 })).rejects.toBeInstanceOf(
      AppError,
    );
    await expect(startProcess('looping', ENDLESS, {}, { minTimerMs: 60_000 })).rejects.toMatchObject({
      key: 'flowRunaway',
    });
  });
});

describe('looping models over the API', () => {
  const t = serverForDescribe();

  it('refuses to save or deploy a model whose loop never waits (400 naming the loop)', async () => {
    const saved = await t.call({
      method: 'POST',
      url: '/api/blade-flow/model/submit',
      payload: { modelKey: 'looping', name: '循环', xml: ENDLESS },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().msg).toBe(
      '流程文件 循环 中的循环（整理 → 复核）没有用户任务、接收任务或定时器可以等待，会无限运行',
    );
    const boundary = '----loop';
    const uploaded = await t.call({
      method: 'POST',
      url: '/api/blade-flow/manager/deploy-upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'en' },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="loop.bpmn"\r\nContent-Type: text/xml\r\n\r\n${ENDLESS}\r\n--${boundary}--\r\n`,
    });
    expect(uploaded.statusCode).toBe(400);
    expect(uploaded.json().msg).toContain('the loop 整理 → 复核 has no user task');
  });

  it('answers a start of a looping definition stored earlier with a 400, and keeps serving', async () => {
    const id = await storedDefinition(t.services, { key: 'looping', name: '循环', xml: ENDLESS });
    const res = await t.call({
      method: 'POST',
      url: '/api/blade-flow/work/start-process',
      payload: { processDefinitionId: String(id) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('没有在等待节点停下');
    await t.ok({ method: 'GET', url: '/api/blade-flow/work/start-list' });
  });
});

describe('ISO 8601 durations of timers', () => {
  it('read each unit once and in order, and nothing else', () => {
    const seconds = {
      PT1S: 1,
      pt1s: 1,
      P1D: 86_400,
      PT1H30M: 5_400,
      'PT0,5S': 0.5,
      P1W: 604_800,
      P1Y2M: 365 * 86_400 + 60 * 86_400,
      P1DT1M: 86_460,
    };
    for (const [text, expected] of Object.entries(seconds))
      expect(durationSeconds(text), text).toBe(expected);
    for (const text of [
      'P',
      'PT',
      'P1S',
      'PT1M1H',
      'P1D1Y',
      'PT1H1H',
      'P1DTT1S',
      'P1.S',
      '1S',
      'P-1D',
      'PT1',
    ])
      expect(durationSeconds(text), text).toBeUndefined();
    expect(durationSeconds(`PT${'1'.repeat(200_000)}X`)).toBeUndefined();
  });
});
