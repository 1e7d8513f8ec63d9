import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resources, screenButtons, screenCode, withScreens } from '@blade/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from '../../test/harness.js';
import { declaredScreen, type MenuSeed, menuTree } from './menu-tree.js';

/** Every code of the seeded tree: menus (a route may require a screen) and buttons. */
const seeded = new Set<string>();
const walk = (nodes: MenuSeed[]): void => {
  for (const node of nodes) {
    seeded.add(node.code);
    walk(node.children ?? []);
  }
};
walk(menuTree);

const WEB = join(import.meta.dirname, '../../../../web/src');

/** The web's source files, tests left out. */
function webSources(dir = WEB): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return webSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The permission codes the web names literally: `access.has('…')` (not an API's `api.has`), an `enableCode="…"` and the
 * values of a `…_CODES` table. Codes built from a prefix are checked by the screens' own tests.
 */
function webCodes(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of webSources()) {
    const text = readFileSync(file, 'utf8');
    const name = file.slice(WEB.length + 1);
    for (const m of text.matchAll(/(?:access|\))\.has\(\s*'([a-z][\w-]*)'\s*\)/g)) found.set(m[1]!, name);
    for (const m of text.matchAll(/\b\w*[cC]ode="([a-z][\w-]*)"/g)) found.set(m[1]!, name);
    for (const table of text.matchAll(/_CODES = \{([^}]*)\}/g))
      for (const m of table[1]!.matchAll(/:\s*'([a-z][\w-]*)'/g)) found.set(m[1]!, name);
  }
  return found;
}

describe('permission codes', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('every code a route requires is seeded', () => {
    const required = t.app.apiRoutes.flatMap((route) =>
      typeof route.access === 'object'
        ? [route.access.permission].flat().map((code) => ({ code, route }))
        : [],
    );
    expect(required.length).toBeGreaterThan(100);
    const unseeded = required.filter(({ code }) => !seeded.has(code));
    expect(unseeded.map(({ code, route }) => `${route.method} ${route.url}: ${code}`)).toEqual([]);
  });

  it('every code a page names is seeded', () => {
    const named = webCodes();
    // the scan finds the codes the pages use (so it cannot pass by finding nothing)
    expect([...named.keys()]).toEqual(
      expect.arrayContaining(['user_reset', 'log_change_view', 'oss_enable']),
    );
    expect(
      [...named].filter(([code]) => !seeded.has(code)).map(([code, file]) => `${file}: ${code}`),
    ).toEqual([]);
  });

  it('every declared screen is seeded with the buttons its declaration derives', () => {
    for (const def of withScreens(Object.values(resources))) {
      const folder = menuTree.find((node) => node.code === def.screen.folder);
      const screen = folder?.children?.find((node) => node.code === screenCode(def));
      expect(screen, `${def.name} in ${def.screen.folder}`).toEqual(declaredScreen(def));
      expect(screen?.children?.map((b) => b.code)).toEqual(screenButtons(def).map((b) => b.code));
    }
  });
});
