import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionCodesModule, seededCodes } from '../db/seed/permission-codes.js';
import { build, type TestServer } from '../test/harness.js';
import type { Access } from './http.js';

const WEB_SRC = join(import.meta.dirname, '..', '..', '..', 'web', 'src');
const CODES_MODULE = join(import.meta.dirname, '..', '..', '..', 'schema', 'src', 'permission-codes.ts');

/** Every source file below a folder. */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

/**
 * The codes the web names literally: `access.has('code')` and `useAccess(…).has('code')` calls (not an
 * API's `api.has`), `…Code="code"` props, and the values of `…_CODES` objects
 * (codes composed at run time, e.g. `job_${action}`, are covered by the pages' own tests).
 */
function webCodes(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sources(WEB_SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:\baccess|\))\.has\(\s*'([a-z][a-z0-9_]*)'\s*\)/g))
      found.set(m[1]!, file);
    for (const m of text.matchAll(/\w*Code="([a-z][a-z0-9_]*)"/g)) found.set(m[1]!, file);
    for (const block of text.matchAll(/_CODES = \{([^}]*)\}/g))
      for (const m of block[1]!.matchAll(/:\s*'([a-z][a-z0-9_]*)'/g)) found.set(m[1]!, file);
  }
  return found;
}

describe('permission codes', () => {
  let server: TestServer;
  let seeded: Set<string>;

  beforeAll(async () => {
    server = await build();
    const rows = await server.services.data.global
      .selectFrom('blade_menu')
      .select('code')
      .where('is_deleted', '=', 0)
      .execute();
    seeded = new Set(rows.map((r) => r.code));
  });
  afterAll(async () => {
    await server.close();
  });

  it('the PermissionCode type lists exactly the seeded codes (run npx tsx scripts/permission-codes.ts after changing them)', () => {
    expect(new Set(seededCodes())).toEqual(seeded);
    expect(readFileSync(CODES_MODULE, 'utf8')).toBe(permissionCodesModule());
  });

  it('a route naming a code the seed does not create does not compile', () => {
    // @ts-expect-error 'user_fly' is not a PermissionCode; were codes plain strings, typecheck fails here
    const unknown: Access = { permission: 'user_fly' };
    const known: Access = { permission: ['user', 'user_reset'] };
    expect([unknown, known]).toHaveLength(2);
  });

  it('every code a route requires is a seeded menu or button', () => {
    const missing: string[] = [];
    for (const route of server.app.apiRoutes) {
      const { access } = route;
      if (typeof access !== 'object') continue;
      for (const code of [access.permission].flat())
        if (!seeded.has(code)) missing.push(`${route.method} ${route.url}: ${code}`);
    }
    expect(server.app.apiRoutes.length).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('every code the web checks by name is a seeded menu or button', () => {
    const named = webCodes();
    expect(named.size).toBeGreaterThan(20);
    // the forms of naming a code that the scan reads: access.has, useAccess(…).has, a …Code prop
    expect([...named.keys()]).toEqual(
      expect.arrayContaining(['user_reset', 'datasource_test', 'oss_enable']),
    );
    const missing = [...named]
      .filter(([code]) => !seeded.has(code))
      .map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });
});
