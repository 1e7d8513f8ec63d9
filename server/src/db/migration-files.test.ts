import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleOptions } from '../../bundle.js';
import { unmigratedDatabase } from '../test/harness.js';
import { MIGRATIONS, migrationFolderWith } from '../test/migration-folder.js';
import { migrateToLatest } from './migrate.js';
import { migrationFiles, migrationsOf } from './migration-files.js';
import { migrationModules } from './migration-modules.js';

/** The names existing databases have recorded in their migration table: they must never change. */
const RECORDED = [
  '0001-core',
  '0002-authority',
  '0003-resources',
  '0004-mall',
  '0005-flow',
  '0006-develop',
  '0007-platform-security',
  '0011-list-speed',
  '0013-jobs',
  '0015-dictionary-languages',
  '0019-history',
  '0022-access-version',
  '0023-import-jobs',
  '0024-history-menus',
  '0025-access-version-rows',
  '0026-code-springblade-fields',
  '0027-flow-model-lists',
  '0028-session-version',
  '0029-sign-in-activity',
  '0030-menu-open-yes-no',
];

const namesOf = (files: string[]) => files.map((file) => file.replace(/\.ts$/, ''));

/** A migration a developer adds: a new file, `9999-probe.ts`, and no other edit. */
const PROBE = [
  "import type { Kysely } from 'kysely';",
  "import { withAudit } from './0001-core.js';",
  '',
  'export async function up(db: Kysely<unknown>): Promise<void> {',
  "  await withAudit(db.schema.createTable('probe_row').addColumn('id', 'bigint', (c) => c.primaryKey())).execute();",
  '}',
  '',
].join('\n');

describe('migration files', () => {
  it('are the files named NNNN-name.ts, by number; tests and other files beside them are not', () => {
    expect(
      migrationFiles([
        '0002-second-step.ts',
        '0001-first.ts',
        'history-menus.test.ts',
        '0003-third.test.ts',
        'helpers.ts',
        '0004-Some_Name.ts',
        '0005-notes.md',
        '0006-types.d.ts',
        '12-short.ts',
      ]),
    ).toEqual(['0001-first.ts', '0002-second-step.ts', '0004-Some_Name.ts']);
  });

  it('of the server are every such file of db/migrations, named as databases have recorded them', async () => {
    const names = Object.keys(migrationsOf(await migrationModules()));
    expect(names).toEqual(namesOf(migrationFiles(readdirSync(MIGRATIONS))));
    expect(names.slice(0, RECORDED.length)).toEqual(RECORDED);
    const numbers = names.map((name) => name.slice(0, 4));
    expect(new Set(numbers).size, 'two migrations share a number: renumber the newer one').toBe(
      numbers.length,
    );
  });

  it('are every source file of db/migrations but its tests: one named otherwise would never run', () => {
    const sources = readdirSync(MIGRATIONS).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    expect(migrationFiles(sources)).toEqual(sources.sort());
  });

  it('refuses a file that exports no up function', () => {
    expect(() => migrationsOf({ '0001-empty.ts': {} })).toThrow('0001-empty.ts');
  });

  it('are named nowhere in migrate.ts: a new one is its file and nothing else', () => {
    expect(readFileSync(join(import.meta.dirname, 'migrate.ts'), 'utf8')).not.toMatch(/\d{4}-[a-z]/);
  });
});

describe('a migration file put in the migrations folder', () => {
  const database = unmigratedDatabase();
  const folder = migrationFolderWith({ '9999-probe.ts': PROBE });
  afterAll(() => folder.remove());

  it('is run after the others, with no line for it anywhere', async () => {
    const ran = await migrateToLatest(database(), folder.source);
    expect(ran).toEqual([...namesOf(migrationFiles(readdirSync(MIGRATIONS))), '9999-probe']);
    const tables = await database().unscoped().introspection.getTables();
    expect(tables.map((t) => t.name)).toContain('probe_row');
  });
});

describe('the bundled server', () => {
  const database = unmigratedDatabase();
  // Under node_modules, so the bundle's bare imports resolve from the project's packages.
  const out = join(
    import.meta.dirname,
    '..',
    '..',
    '..',
    'node_modules',
    '.cache',
    `migrations-bundle-${process.pid}`,
  );
  mkdirSync(out, { recursive: true });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('imports every migration file statically, and migrates a database with them', async () => {
    const outfile = join(out, 'migration-modules.js');
    await build({
      ...bundleOptions,
      entryPoints: [join(import.meta.dirname, 'migration-modules.ts')],
      outfile,
    });
    const bundled: { migrationModules: typeof migrationModules } = await import(outfile);
    const modules = await bundled.migrationModules();
    expect(Object.keys(modules)).toEqual(migrationFiles(readdirSync(MIGRATIONS)));
    expect(await migrateToLatest(database(), bundled.migrationModules)).toEqual(
      namesOf(migrationFiles(readdirSync(MIGRATIONS))),
    );
  });
});
