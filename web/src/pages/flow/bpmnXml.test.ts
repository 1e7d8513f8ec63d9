import { describe, expect, it } from 'vitest';
import { ensureFlowableNamespace, FLOWABLE_NS, minimalDiagram, processIdOf } from './bpmnXml';

describe('minimalDiagram', () => {
  it('starts a new model with start, one user task and end, keyed by the model key', () => {
    const xml = minimalDiagram('expense', '报销 & 审批', 'Approval');
    expect(processIdOf(xml)).toBe('expense');
    expect(xml).toContain('name="报销 &amp; 审批"');
    expect(xml).toMatch(/<startEvent id="StartEvent_1"/);
    expect(xml).toContain('<userTask id="UserTask_1" name="Approval" />');
    expect(xml).toMatch(/<endEvent id="EndEvent_1"/);
    expect(xml).toContain(`xmlns:flowable="${FLOWABLE_NS}"`);
  });
});

describe('ensureFlowableNamespace', () => {
  it('declares the namespace on the root when flowable attributes lack it', () => {
    const xml = '<bpmn:definitions id="d"><bpmn:userTask id="t" flowable:assignee="1" /></bpmn:definitions>';
    expect(ensureFlowableNamespace(xml)).toBe(
      `<bpmn:definitions xmlns:flowable="${FLOWABLE_NS}" id="d"><bpmn:userTask id="t" flowable:assignee="1" /></bpmn:definitions>`,
    );
  });

  it('leaves XML alone that declares it or does not use it', () => {
    const declared = `<definitions xmlns:flowable="${FLOWABLE_NS}"><userTask flowable:assignee="1"/></definitions>`;
    const unused = '<definitions id="d"><userTask id="t" /></definitions>';
    expect(ensureFlowableNamespace(declared)).toBe(declared);
    expect(ensureFlowableNamespace(unused)).toBe(unused);
  });
});
