import { describe, expect, it } from 'vitest';
import { checkedKeysOf, splitIds, tableTree, treeOptions, withChildren } from './tree';

describe('tree helpers', () => {
  it('drops empty children and opens lazy rows', () => {
    const rows = tableTree([
      { id: '1', children: [{ id: '2', children: [] }] },
      { id: '3', hasChildren: true },
      { id: '4', hasChildren: false, children: [] },
    ]);
    expect(rows).toEqual([
      { id: '1', children: [{ id: '2' }] },
      { id: '3', hasChildren: true, children: [] },
      { id: '4', hasChildren: false },
    ]);
  });

  it('puts a loaded level under its row', () => {
    const rows = withChildren([{ id: '1', children: [{ id: '2', children: [] }] }], '2', [
      { id: '5', hasChildren: false },
    ]);
    expect(rows).toEqual([{ id: '1', children: [{ id: '2', children: [{ id: '5', hasChildren: false }] }] }]);
  });

  it('leaves a partly granted folder half-checked and a folder stored alone fully checked', () => {
    const options = treeOptions([
      {
        id: '1',
        title: 'System',
        children: [
          { id: '2', title: 'Users' },
          { id: '3', title: 'Posts' },
        ],
      },
      { id: '4', title: 'Home', children: [] },
    ]);
    expect(options[0]).toEqual({
      title: 'System',
      key: '1',
      value: '1',
      children: [
        { title: 'Users', key: '2', value: '2' },
        { title: 'Posts', key: '3', value: '3' },
      ],
    });
    expect(checkedKeysOf(options, ['1', '2', '4'])).toEqual(['2', '4']);
    expect(checkedKeysOf(options, ['1'])).toEqual(['1']);
    expect(checkedKeysOf(options, ['9'])).toEqual([]);
  });

  it('splits comma-joined ids', () => {
    expect(splitIds('1,2,,3')).toEqual(['1', '2', '3']);
    expect(splitIds(null)).toEqual([]);
    expect(splitIds([1, 2])).toEqual(['1', '2']);
  });
});
