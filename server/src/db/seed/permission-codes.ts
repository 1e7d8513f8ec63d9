import { type MenuSeed, menuTree } from './menu-tree.js';

/** Every code the seed gives a menu or button, sorted: the codes a route or a page may require. */
export function seededCodes(nodes: MenuSeed[] = menuTree): string[] {
  const codes = new Set<string>();
  const walk = (level: MenuSeed[]) => {
    for (const node of level) {
      codes.add(node.code);
      walk(node.children ?? []);
    }
  };
  walk(nodes);
  return [...codes].sort();
}

/** The text of schema/src/permission-codes.ts, the type both halves name codes by. */
export const permissionCodesModule = (codes: string[] = seededCodes()): string =>
  [
    '// Written by `npx tsx scripts/permission-codes.ts` from the seeded menu tree; a test fails when',
    '// it is stale. A route or a page naming a code outside it does not compile.',
    '',
    '/** A menu or button code the seed creates: what a route requires and a page checks. */',
    'export type PermissionCode =',
    ...codes.map((code, i) => `  | '${code}'${i === codes.length - 1 ? ';' : ''}`),
    '',
  ].join('\n');
