import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from './test/harness.js';

describe('server lifecycle', () => {
  it('drains in-flight requests on close, then closes the database', async () => {
    let release: () => void = () => {};
    const t = await build({}, (app) => {
      app.get('/api/test/slow', { config: { access: 'public' } }, async (_request, reply) => {
        await new Promise<void>((r) => {
          release = r;
        });
        return reply.ok('done');
      });
    });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const inFlight = fetch(`${address}/api/test/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const closing = t.app.close();
    setTimeout(() => release(), 100);
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 200, data: 'done' });
    await closing;
    await expect(t.services.data.global.selectFrom('blade_tenant').select('id').execute()).rejects.toThrow();
    await t.close().catch(() => {});
  });

  it('starts from the command line, answers health, and exits cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'blade-main-'));
    const root = resolve(import.meta.dirname, '..', '..');
    const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'server', 'src', 'main.ts')], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'info',
        PASSWORD_HASH_MEMORY: '1024',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const address = await new Promise<string>((resolveAddress, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 15_000);
      child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolveAddress(match[1]!);
        }
      });
    });
    const health = await fetch(`${address}/api/health`);
    expect(await health.json()).toMatchObject({ code: 200, data: { status: 'UP' } });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
    rmSync(dataDir, { recursive: true, force: true });
  });
});
