import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from '../../test/harness.js';

interface ExampleClient {
  firstSteps(
    base: string,
  ): Promise<{ account: string; accounts: string[]; noticeTitle: string; noticeId: string }>;
}

/**
 * A client a team would start from: types generated from the document by openapi-typescript, and
 * docs/client-example/client.ts compiled against them (strict) and run against the server.
 */
describe('a typed client generated from the document', () => {
  let t: TestServer;
  let dir: string;
  let base: string;
  beforeAll(async () => {
    t = await build();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), 'blade-client-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  let previous: ts.Program | undefined;
  const compile = (files: string[]) => {
    previous = ts.createProgram(
      files,
      {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        types: ['node'],
        typeRoots: [resolve('node_modules/@types')],
        skipLibCheck: true,
      },
      undefined,
      previous,
    );
    return previous;
  };
  const problems = (program: ts.Program) =>
    ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));

  it('compiles against the generated types, refuses a misspelt field, and works', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(document)));
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    copyFileSync(resolve('docs/client-example/client.ts'), join(dir, 'client.ts'));
    expect(problems(compile([join(dir, 'client.ts')]))).toEqual([]);

    // The types carry the document: a field no operation names does not compile.
    writeFileSync(
      join(dir, 'wrong.ts'),
      `import { ApiClient } from './client.js';
       const c = new ApiClient('http://x');
       await c.call('get', '/api/blade-user/page', { query: { current: 1, pageSize: 10 } });`,
    );
    expect(problems(compile([join(dir, 'wrong.ts')])).join('\n')).toContain('pageSize');

    const js = ts.transpileModule(readFileSync(join(dir, 'client.ts'), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    // Its only import of the generated file is of types, which compiling leaves out.
    writeFileSync(join(dir, 'client.mjs'), js);
    const client = (await import(pathToFileURL(join(dir, 'client.mjs')).href)) as ExampleClient;
    const outcome = await client.firstSteps(base);
    expect(outcome.account).toBe('admin');
    expect(outcome.accounts).toContain('admin');
    expect(outcome.noticeTitle).toBe('Typed client');
    expect(outcome.noticeId).toMatch(/^\d+$/);
  }, 120_000);
});
