import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../core/secret-box.js';
import { createServer } from '../server.js';
import { ok } from '../test/fixtures.js';
import { freshDatabase, testConfig, tokenOf } from '../test/harness.js';

const OLD = 'the-old-data-key-of-at-least-32-bytes-aaaa';
const NEW = 'the-new-data-key-of-at-least-32-bytes-bbbb';

describe('a sealed value', () => {
  it('opens with the previous key during a rotation and is sealed with the current one', () => {
    const before = new SecretBox(OLD).seal('s3-secret');
    const rotating = new SecretBox(NEW, [OLD]);
    expect(rotating.open(before)).toBe('s3-secret');
    expect(rotating.isStale(before)).toBe(true);
    const after = rotating.seal('s3-secret');
    expect(rotating.isStale(after)).toBe(false);
    expect(new SecretBox(NEW).open(after)).toBe('s3-secret');
    expect(() => new SecretBox(NEW).open(before)).toThrow(/no configured DATA_KEY/);
    expect(() => new SecretBox(OLD).open(after)).toThrow(/no configured DATA_KEY/);
  });
});

/** Three starts on one database: with the old key, rotating to the new one, and with the new one alone. */
describe('rotating DATA_KEY', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const dirs: string[] = [];
  const apps: FastifyInstance[] = [];

  const start = async (env: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'blade-rotate-'));
    dirs.push(dir);
    const app = await createServer(
      testConfig(db.url, dir, { JWT_SECRET: 'a-signing-secret-shared-by-the-three-starts', ...env }),
    );
    apps.push(app);
    await app.ready();
    return app;
  };
  const stored = async (app: FastifyInstance) =>
    app.services.data
      .unscoped()
      .selectFrom('blade_oss')
      .select(['secret_key'])
      .where('oss_code', '=', 'rotate-me')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(async () => {
    try {
      for (const app of apps) await app.close();
      await db.drop();
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps every stored secret readable and re-seals it with the new key at start-up', async () => {
    const first = await start({ DATA_KEY: OLD });
    const admin = (await tokenOf(first)).access_token;
    await ok(first, admin, {
      method: 'POST',
      url: '/api/blade-resource/oss/submit',
      payload: { category: 1, ossCode: 'rotate-me', secretKey: 'top-secret-value', appPath: 'media' },
    });
    const sealedWithOld = (await stored(first)).secret_key!;
    await first.close();
    apps.pop();

    const rotating = await start({ DATA_KEY: NEW, DATA_KEY_PREVIOUS: OLD });
    const resealed = (await stored(rotating)).secret_key!;
    expect(resealed).toMatch(/^enc:v1:/);
    expect(resealed).not.toBe(sealedWithOld);
    expect(new SecretBox(NEW).open(resealed)).toBe('top-secret-value');
    await rotating.close();
    apps.pop();

    const after = await start({ DATA_KEY: NEW });
    expect(after.services.secretBox.open((await stored(after)).secret_key!)).toBe('top-secret-value');
  });
});
