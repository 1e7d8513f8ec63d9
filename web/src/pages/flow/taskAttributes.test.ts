import { describe, expect, it } from 'vitest';
import {
  assignmentProperties,
  type ElementLike,
  isUserTask,
  type ModelingLike,
  readAssignment,
  writeAssignment,
} from './taskAttributes';

// biome-ignore lint/suspicious/noTemplateCurlyInString: a process expression, not a template
const EXPRESSION = '${approverId}';

const task = (attrs: Record<string, unknown> = {}): ElementLike => ({
  id: 'UserTask_1',
  businessObject: { $type: 'bpmn:UserTask', $attrs: attrs },
});

describe('the user task attribute writer', () => {
  it('reads the flowable attributes of a user task', () => {
    expect(
      readAssignment(task({ 'flowable:assignee': EXPRESSION, 'flowable:candidateGroups': 'hr' })),
    ).toEqual({ assignee: EXPRESSION, candidateGroups: 'hr' });
    expect(readAssignment(task())).toEqual({ assignee: '', candidateGroups: '' });
  });

  it('writes both attributes in one modeling update, trimming the groups', () => {
    const calls: Array<[ElementLike, Record<string, unknown>]> = [];
    const modeling: ModelingLike = { updateProperties: (element, props) => calls.push([element, props]) };
    const element = task();
    writeAssignment(modeling, element, { assignee: ' 42 ', candidateGroups: ' hr , finance ,' });
    expect(calls).toEqual([
      [element, { 'flowable:assignee': '42', 'flowable:candidateGroups': 'hr,finance' }],
    ]);
  });

  it('removes an attribute whose value is cleared', () => {
    expect(assignmentProperties({ assignee: '', candidateGroups: 'hr' })).toEqual({
      'flowable:assignee': undefined,
      'flowable:candidateGroups': 'hr',
    });
  });

  it('recognises user tasks only', () => {
    expect(isUserTask(task())).toBe(true);
    expect(isUserTask({ id: 's', businessObject: { $type: 'bpmn:StartEvent' } })).toBe(false);
    expect(isUserTask(null)).toBe(false);
  });
});
