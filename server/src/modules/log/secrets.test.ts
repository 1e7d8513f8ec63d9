import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/digest.js';
import { REDACTED, redactText, redactValue } from '../../core/redact.js';
import { openDatabase } from '../../db/database.js';
import { type ChildServer, startChildServer } from '../../test/child-server.js';
import { BASIC, freshDatabase } from '../../test/harness.js';

describe('redaction', () => {
  it('replaces secret values in query strings, URLs, JSON text and values', () => {
    expect(redactText('/token?tenantId=000000&password=abc123&grant_type=password')).toBe(
      `/token?tenantId=000000&password=${REDACTED}&grant_type=password`,
    );
    expect(redactText('refresh_token=r.t&access_token=a.t&x=1')).toBe(
      `refresh_token=${REDACTED}&access_token=${REDACTED}&x=1`,
    );
    // Downloads opened in a new window carry the access token in the address.
    expect(redactText('/api/blade-system/user/export-user?blade-auth=bearer%20eyJ.a.b&account=x')).toBe(
      `/api/blade-system/user/export-user?blade-auth=${REDACTED}&account=x`,
    );
    expect(redactText('postgres://blade:s3cret@db:5432/x')).toBe(`postgres://blade:${REDACTED}@db:5432/x`);
    expect(redactText('{"secretKey": "k", "name": "n"}')).toBe(`{"secretKey": "${REDACTED}", "name": "n"}`);
    expect(redactText('mail a@b.cn about x=1')).toBe('mail a@b.cn about x=1');
    expect(
      redactValue({ password: 'x', nested: { captchaCode: 'c', ok: 'q=1&token=t' }, list: [1] }),
    ).toEqual({
      password: REDACTED,
      nested: { captchaCode: REDACTED, ok: `q=1&token=${REDACTED}` },
      list: [1],
    });
  });

  it('reads long and hostile text in one pass', () => {
    const hostile = `${'@'.repeat(100_000)}${'='.repeat(100_000)}${'://'.repeat(30_000)}`;
    const started = performance.now();
    redactText(hostile);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('secrets in the logs of a running server', () => {
  let server: ChildServer;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'blade-secrets-'));
    db = await freshDatabase();
    server = await startChildServer({
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      WEB_DIST: join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
      LOG_FLUSH_MS: '100',
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs sign-ins, refreshes and uploaded errors without passwords or tokens', async () => {
    const digest = md5('admin');
    const query = new URLSearchParams({
      tenantId: '000000',
      username: 'admin',
      password: digest,
      grant_type: 'password',
      scope: 'all',
    });
    const signIn = await fetch(`${server.baseUrl}/api/blade-auth/oauth/token?${query}`, {
      method: 'POST',
      headers: { authorization: BASIC },
    });
    const tokens = (await signIn.json()) as { access_token: string; refresh_token: string };
    const refresh = new URLSearchParams({ refresh_token: tokens.refresh_token, grant_type: 'refresh_token' });
    const refreshed = await fetch(`${server.baseUrl}/api/blade-auth/oauth/token?${refresh}`, {
      method: 'POST',
      headers: { authorization: BASIC },
    });
    expect(refreshed.status).toBe(200);
    const uploaded = await fetch(`${server.baseUrl}/api/blade-log/error/upload`, {
      method: 'POST',
      headers: {
        authorization: BASIC,
        'blade-auth': `bearer ${tokens.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify([
        {
          message: `failed with token=${tokens.access_token}`,
          url: `/x?access_token=${tokens.access_token}`,
        },
      ]),
    });
    expect(uploaded.status).toBe(200);
    await new Promise((r) => setTimeout(r, 600));

    // Before: the request log line carried password=<md5> and refresh_token=… in its url.
    const lines = server.output();
    expect(lines).toContain('password=******');
    expect(lines).toContain('refresh_token=******');
    const rows = openDatabase(db.url);
    try {
      const stored = JSON.stringify([
        await rows.unscoped().selectFrom('blade_log_api').selectAll().execute(),
        await rows.unscoped().selectFrom('blade_log_error').selectAll().execute(),
        await rows.unscoped().selectFrom('blade_log_usual').selectAll().execute(),
      ]);
      expect(stored).toContain('/api/blade-auth/oauth/token');
      for (const secret of [digest, tokens.refresh_token, tokens.access_token]) {
        expect(lines, 'server log').not.toContain(secret);
        expect(stored, 'log rows').not.toContain(secret);
      }
    } finally {
      await rows.close();
    }
  }, 60_000);

  it('writes one line per request, when it is answered, naming the request and its answer', async () => {
    const id = `one-line-${Date.now()}`;
    const res = await fetch(`${server.baseUrl}/api/health?password=hidden`, {
      headers: { 'x-request-id': id },
    });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const mine = server
      .output()
      .split('\n')
      .filter((line) => line.includes(id))
      .map((line) => JSON.parse(line) as { msg: string; req: { url: string }; res: { statusCode: number } });
    expect(mine.map((l) => l.msg)).toEqual(['request completed']);
    expect(mine[0]!.req.url).toBe('/api/health?password=******');
    expect(mine[0]!.res.statusCode).toBe(200);
  });
});
