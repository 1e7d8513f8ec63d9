import { describe, expect, it } from 'vitest';
import { flattenButtons } from './menu';

describe('flattenButtons', () => {
  it('collects every code of the tree once', () => {
    const tree = [
      {
        code: 'user',
        children: [{ code: 'user_add' }, { code: 'user_edit', children: [{ code: 'user_add' }] }],
      },
      { code: 'role' },
    ];
    expect(flattenButtons(tree).sort()).toEqual(['role', 'user', 'user_add', 'user_edit']);
  });
});
