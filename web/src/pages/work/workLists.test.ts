import { describe, expect, it } from 'vitest';
import { instanceIdOf, stateKey, workCode, workResources } from './workLists';

describe('work lists', () => {
  it('names the button codes of the seeded menu', () => {
    expect(workCode('claim', 'sign')).toBe('work_claim_sign');
    expect(workCode('todo', 'handle')).toBe('work_todo_handle');
    expect(workCode('start', 'flow')).toBe('work_start_flow');
  });

  it('finds the instance of a task row and of a sent row', () => {
    expect(instanceIdOf('todo', { id: '5', instanceId: '9' })).toBe('9');
    expect(instanceIdOf('send', { id: '9' })).toBe('9');
  });

  it('shows the category of 发起事务 by its name in the flow dictionary, as 部署管理 does', () => {
    const category = workResources.start.fields.find((f) => f.name === 'category');
    expect(category).toMatchObject({ type: 'enum', dict: 'flow' });
  });

  it('labels the instance states', () => {
    expect(stateKey('completed')).toBe('work.state.completed');
    expect(stateKey('other')).toBeUndefined();
  });

  it('grants no generic button on the work lists', () => {
    for (const resource of Object.values(workResources)) {
      expect(resource.endpoints).toEqual(['list']);
      expect(resource.permission.startsWith('flow_list_')).toBe(true);
    }
  });
});
