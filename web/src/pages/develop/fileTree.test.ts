import { describe, expect, it } from 'vitest';
import { fileTree } from './fileTree';

describe('fileTree', () => {
  it('nests paths into folders, folders before files', () => {
    const tree = fileTree([
      'schema/src/resources/shop-widget.ts',
      'server/src/db/migrations/0007-widget.ts',
      'server/src/db/seed/widget-menu.ts',
      'README.md',
    ]);
    expect(tree.map((n) => n.title)).toEqual(['schema', 'server', 'README.md']);
    const db = tree[1]!.children![0]!.children![0]!;
    expect(db).toMatchObject({ key: 'server/src/db', isLeaf: false });
    expect(db.children!.map((n) => n.key)).toEqual(['server/src/db/migrations', 'server/src/db/seed']);
    expect(db.children![0]!.children).toEqual([
      { key: 'server/src/db/migrations/0007-widget.ts', title: '0007-widget.ts', isLeaf: true },
    ]);
  });
});
