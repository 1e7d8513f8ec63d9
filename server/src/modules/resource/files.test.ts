import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/digest.js';
import { seedTenant, seedTenantContent } from '../../db/seed/seed.js';
import { ok } from '../../test/fixtures.js';
import { build, call, multipartFile, type TestServer, tokenOf } from '../../test/harness.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

describe('uploads and attachments', () => {
  let t: TestServer;
  let admin: string;
  const upload = (token: string | undefined, name: string, body: Buffer, purpose?: string) =>
    call(t.app, token, {
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file',
      query: purpose ? { purpose } : {},
      ...multipartFile(name, body),
    });

  beforeAll(async () => {
    t = await build({ UPLOAD_MAX_BYTES: String(64 * 1024) });
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  it('stores a file on the local disk, records it, and serves it with the right headers', async () => {
    const res = await upload(admin, 'logo.png', PNG);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      link: string;
      name: string;
      originalName: string;
      attachId: string;
      domain: string;
    };
    expect(data.originalName).toBe('logo.png');
    expect(data.link).toMatch(/^\/api\/files\/upload\/000000\/\d{8}\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: data.link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const attach = await ok<Record<string, unknown>>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-resource/attach/detail',
      query: { id: data.attachId },
    });
    expect(attach).toMatchObject({
      originalName: 'logo.png',
      extension: 'png',
      attachSize: PNG.length,
      link: data.link,
      name: data.name,
    });

    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/attach/remove',
      query: { ids: data.attachId },
    });
    expect((await t.app.inject({ method: 'GET', url: data.link })).statusCode).toBe(404);
    expect(existsSync(join(t.config.dataDir, 'files', data.name))).toBe(false);
  });

  it('refuses what is not what it claims, what could run in a browser, and what is too large', async () => {
    const fake = await upload(admin, 'photo.png', EXE);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().msg).toBe('不允许上传此类型的文件（exe）');
    const mismatch = await upload(admin, 'photo.png', GIF);
    expect(mismatch.json().msg).toBe('文件扩展名 png 与内容类型 gif 不符');
    for (const name of ['page.html', 'icon.svg', 'run.js', 'notes.txt']) {
      const body =
        name === 'notes.txt'
          ? Buffer.from('<script>alert(1)</script>')
          : Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      expect((await upload(admin, name, body)).statusCode, name).toBe(400);
    }
    expect((await upload(admin, 'notes.txt', Buffer.from('plain words\n'))).statusCode).toBe(200);
    const big = await upload(admin, 'big.png', Buffer.concat([PNG, Buffer.alloc(70 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().msg).toBe('文件过大，最大允许 64 KB');
    const traversal = await upload(admin, '../../../etc/passwd.png', PNG);
    expect(traversal.statusCode).toBe(200);
    expect(traversal.json().data.name).not.toContain('..');
    expect(traversal.json().data.originalName).toBe('passwd.png');
    expect((await t.app.inject({ method: 'GET', url: '/files/../../jwt-secret' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/files/upload/%2e%2e/%2e%2e/jwt-secret' })).statusCode,
    ).toBe(404);
  });

  it('creates attachments only by uploading; the generic submit renames one', async () => {
    // Before: a submit without an id tried to insert a row without its stored object (500).
    const created = await call(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/attach/submit',
      payload: { originalName: 'ghost.txt' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().msg).toBe('附件由上传文件生成，请通过上传添加附件');
    const stored = (await upload(admin, 'rename-me.png', PNG)).json().data as { attachId: string };
    const renamed = await ok<Record<string, unknown>>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/attach/submit',
      payload: { id: stored.attachId, originalName: 'renamed.png' },
    });
    expect(renamed.originalName).toBe('renamed.png');
  });

  it('takes only small jpg or png images as avatars, and only from signed-in users', async () => {
    expect((await upload(admin, 'me.png', PNG, 'avatar')).statusCode).toBe(200);
    const gif = await upload(admin, 'me.gif', GIF, 'avatar');
    expect(gif.statusCode).toBe(400);
    expect(gif.json().msg).toBe('头像只能是 jpg 或 png 图片，且不超过 500KB');
    expect((await upload(undefined, 'me.png', PNG)).statusCode).toBe(401);
  });

  it('keeps each tenant’s configurations, keys and files to itself', async () => {
    const db = t.services.data.unscoped();
    const menus = await db.selectFrom('blade_menu').select(['id', 'code']).execute();
    await seedTenant(db, '200002', 'Other');
    await seedTenantContent(db, '200002', {
      menuIds: new Map(menus.map((m) => [m.code, m.id])),
      passwordHash: await t.services.hasher.hash(md5('other-pass')),
      adminAccount: 'admin',
      roleAlias: 'admin',
    });
    const other = (await tokenOf(t.app, { tenantId: '200002', password: 'other-pass' })).access_token;
    const config = await ok<Record<string, unknown>>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/oss/submit',
      payload: { category: 1, ossCode: 'disk', secretKey: 'top-secret-value', appPath: 'media' },
    });
    expect(config.secretKey).toBeUndefined();
    const stored = await db
      .selectFrom('blade_oss')
      .select('secret_key')
      .where('id', '=', Number(config.id))
      .executeTakeFirstOrThrow();
    expect(stored.secret_key).toMatch(/^enc:v1:/);
    expect(t.services.secretBox.open(stored.secret_key!)).toBe('top-secret-value');

    const second = await ok<Record<string, unknown>>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/oss/submit',
      payload: { category: 1, ossCode: 'disk2' },
    });
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/oss/enable',
      query: { id: String(config.id) },
    });
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/oss/enable',
      query: { id: String(second.id) },
    });
    const enabled = await db
      .selectFrom('blade_oss')
      .select(['id'])
      .where('tenant_id', '=', '000000')
      .where('enabled', '=', 1)
      .execute();
    expect(enabled.map((r) => String(r.id))).toEqual([String(second.id)]);
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/oss/enable',
      query: { id: String(config.id) },
    });
    const mine = (await upload(admin, 'a.png', PNG)).json().data;
    expect(mine.name).toMatch(/^media\/000000\//);

    expect(
      (
        await call(t.app, other, {
          method: 'GET',
          url: '/api/blade-resource/oss/detail',
          query: { id: String(config.id) },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, other, {
          method: 'POST',
          url: '/api/blade-resource/oss/enable',
          query: { id: String(config.id) },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, other, {
          method: 'GET',
          url: '/api/blade-resource/attach/detail',
          query: { id: mine.attachId },
        })
      ).statusCode,
    ).toBe(404);
    const theirs = (await upload(other, 'b.png', PNG)).json().data;
    expect(theirs.name).toMatch(/^upload\/200002\//);
    const list = await ok<{ records: Array<{ id: string }> }>(t.app, other, {
      method: 'GET',
      url: '/api/blade-resource/attach/list',
    });
    expect(list.records.map((r) => r.id)).toEqual([theirs.attachId]);
  });
});

describe('the S3 driver against an S3-compatible server', () => {
  let t: TestServer;
  let admin: string;
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;

  beforeAll(async () => {
    s3Dir = mkdtempSync(join(tmpdir(), 'blade-s3-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'media', configs: [] }],
    });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    // The S3 server listens on this host: the operator setting lets tenants' addresses reach it.
    t = await build({ OUTBOUND_PRIVATE_ALLOWED: 'true' });
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it('puts, serves and deletes objects through the enabled S3 configuration', async () => {
    const config = await ok<Record<string, unknown>>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/oss/submit',
      payload: {
        category: 2,
        ossCode: 'minio',
        endpoint,
        accessKey: 'S3RVER',
        secretKey: 'S3RVER',
        bucketName: 'media',
        region: 'us-east-1',
      },
    });
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/oss/enable',
      query: { id: String(config.id) },
    });
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file',
      ...multipartFile('cover.png', PNG),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { link: string; attachId: string; domain: string };
    expect(data.link.startsWith(`${endpoint}/media/upload/000000/`)).toBe(true);
    const fetched = await fetch(data.link);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(PNG)).toBe(true);
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/attach/remove',
      query: { ids: data.attachId },
    });
    expect((await fetch(data.link)).status).toBe(404);

    // An unreachable service: a clear refusal, nothing recorded.
    const before = await t.services.data
      .forTenant('000000')
      .selectFrom('blade_attach')
      .select('id')
      .execute();
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/oss/submit',
      payload: { id: config.id, endpoint: 'http://127.0.0.1:9' },
    });
    const refused = await call(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file',
      ...multipartFile('x.png', PNG),
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().msg).toBe('文件存储失败，请检查对象存储配置');
    expect(
      await t.services.data.forTenant('000000').selectFrom('blade_attach').select('id').execute(),
    ).toEqual(before);
  });
});
