import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;

/** Every non-test source file below a folder, relative to server/src. */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(SRC, path)] : [];
  });

/** The files of server/src a file imports (static, dynamic and type imports), relative to server/src. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)'(\.{1,2}\/[^']+)'/gm))
    found.push(relative(SRC, resolve(dirname(join(SRC, file)), m[1]!)).replace(/\.js$/, '.ts'));
  return found;
}

/**
 * Layers depend downward only (ARCHITECTURE: one place per concern): core is plain HTTP and helpers,
 * db the data layer on top of it, crud the generic resource code, modules the product. A layer that
 * imports upward drags the product into code every layer shares.
 */
const RULES: { layer: string; may: (target: string) => boolean; why: string }[] = [
  { layer: 'core/', may: (t) => t.startsWith('core/'), why: 'core imports only core' },
  {
    layer: 'db/',
    may: (t) => t.startsWith('core/') || t.startsWith('db/') || t === 'config.ts',
    why: 'db imports only core, db and config',
  },
  {
    layer: 'crud/',
    // Not services.ts either: hooks get the services their module declares, bound in modules/hooks.ts,
    // and the generic code its own narrow dependencies (crud/deps.ts).
    may: (t) => t.startsWith('core/') || t.startsWith('db/') || t.startsWith('crud/'),
    why: 'crud imports only core, db and crud (no module, no services bag)',
  },
  {
    layer: 'modules/system/',
    // Modules attach their own hooks (modules/hooks.ts); system builds only on auth and jobs.
    may: (t) => !t.startsWith('modules/') || /^modules\/(system|auth|job)\//.test(t),
    why: 'system imports no product module',
  },
];

describe('layers', () => {
  const files = sources(SRC);

  it('finds the sources and their imports (the scan itself works)', () => {
    expect(files).toContain('core/http.ts');
    expect(importsOf('core/access.ts')).toContain('core/errors.ts');
  });

  for (const rule of RULES) {
    it(`${rule.why}`, () => {
      const upward = files
        .filter((f) => f.startsWith(rule.layer))
        .flatMap((f) => importsOf(f).map((t) => ({ f, t })))
        .filter(({ t }) => !rule.may(t))
        .map(({ f, t }) => `${f} → ${t}`);
      expect(upward).toEqual([]);
    });
  }
});
