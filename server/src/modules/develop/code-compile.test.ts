import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DataAccess, openDatabase } from '../../db/database.js';
import { freshDatabase } from '../../test/harness.js';
import { generateFiles } from './code-generator.js';
import { type CodeRecord, planCode } from './code-plan.js';
import { createEveryTypeTable, EVERY_TYPE_TABLE } from './every-type-table.js';
import { introspectTable } from './introspect.js';

const ROOT = resolve(import.meta.dirname, '../../../..');
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

const RECORD: CodeRecord = {
  id: 1,
  datasourceId: '0',
  codeName: '全类型示例',
  moduleName: 'demo',
  tableName: EVERY_TYPE_TABLE,
  tablePrefix: 'demo_',
  pkName: 'id',
  apiPath: '/blade-demo/every-type',
  baseMode: true,
  tenantMode: true,
};

/**
 * Generated code must pass our own checks as it is: the files of a table with every column type
 * are written into a folder inside the repository (so their imports of the registry, the field
 * helpers and withAudit resolve against the real ones through rootDirs) and checked with
 * the TypeScript compiler and Biome.
 */
describe('generated code', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let data: DataAccess;
  let folder: string;
  let sources: string[];
  beforeAll(async () => {
    database = await freshDatabase();
    data = openDatabase(database.url, { poolSize: 2 });
    await createEveryTypeTable(data);
    const plan = planCode(RECORD, await introspectTable(data, EVERY_TYPE_TABLE));
    const files = generateFiles(plan, 7);
    folder = mkdtempSync(join(ROOT, '.codegen-check-'));
    sources = [];
    for (const file of files) {
      const path = join(folder, file.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.content);
      if (file.language === 'typescript') sources.push(path);
    }
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({
        extends: join(ROOT, 'tsconfig.base.json'),
        compilerOptions: { lib: ['ES2023'], types: ['node'], rootDirs: [ROOT, folder], noEmit: true },
        files: sources,
      }),
    );
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await data.close();
    await database.drop();
  });

  it('names the files where our architecture keeps them', () => {
    expect(sources.map((s) => s.slice(folder.length + 1).replace(/\/\d{4}-/, '/NNNN-')).sort()).toEqual([
      'schema/src/resources/demo-every-type.ts',
      'server/src/db/migrations/NNNN-every-type.ts',
    ]);
  });

  it('typechecks under the repository’s strict settings', () => {
    const run = spawnSync(bin('tsc'), ['-p', join(folder, 'tsconfig.json')], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 120_000);

  it('passes Biome (lint and format) unchanged', () => {
    const run = spawnSync(bin('biome'), ['check', '--colors=off', ...sources], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout + run.stderr).toMatch(/Checked 2 files/);
  }, 60_000);
});
