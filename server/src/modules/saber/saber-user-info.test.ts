import { describe, expect, it } from 'vitest';
import { multipartFile, serverForDescribe } from '../../test/harness.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Info = Record<string, unknown>;

/** Saber 4.9's 个人信息 page: it loads user/info and sends these six fields back as they came. */
const saberForm = (info: Info) => ({
  id: info.id,
  avatar: info.avatar,
  name: info.name,
  realName: info.realName,
  phone: info.phone,
  email: info.email,
});

describe('Saber 4.x 个人信息 (user/info, user/update-info, the avatar upload)', () => {
  const t = serverForDescribe();
  const info = () => t.ok<Info>({ method: 'GET', url: '/api/blade-system/user/info' });
  const updateInfo = (payload: Info) =>
    t.call({ method: 'POST', url: '/api/blade-system/user/update-info', payload });

  it('saves the form sent back with the empty avatar and e-mail user/info answers (null)', async () => {
    const before = await info();
    expect(before).toMatchObject({ avatar: null, email: null });
    const res = await updateInfo({ ...saberForm(before), realName: '管理员甲' });
    expect(res.json()).toMatchObject({ code: 200, success: true });
    expect(await info()).toMatchObject({ realName: '管理员甲', avatar: null, email: null });
  });

  it('takes null as "unchanged" (as SpringBlade does) and an empty text as cleared', async () => {
    await updateInfo({ ...saberForm(await info()), email: 'a@example.com', phone: '13800000000' });
    expect((await updateInfo({ email: null, phone: null, name: null, realName: null })).json().code).toBe(
      200,
    );
    expect(await info()).toMatchObject({
      email: 'a@example.com',
      phone: '13800000000',
      realName: '管理员甲',
    });
    expect((await updateInfo({ email: '', phone: '' })).json().code).toBe(200);
    expect(await info()).toMatchObject({ email: '', phone: '' });
  });

  it('answers an uploaded avatar under /api, where Saber proxies it, and serves it there', async () => {
    const uploaded = await t.ok<{ link: string }>({
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file',
      query: { purpose: 'avatar' },
      ...multipartFile('me.png', PNG),
    });
    expect(uploaded.link).toMatch(/^\/api\/files\/upload\/000000\/\d{8}\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: uploaded.link });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // links stored before (outside /api) keep working for our own web
    const legacy = await t.app.inject({ method: 'GET', url: uploaded.link.replace(/^\/api/, '') });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.rawPayload.equals(PNG)).toBe(true);

    const form = { ...saberForm(await info()), avatar: uploaded.link };
    expect((await updateInfo(form)).json().code).toBe(200);
    expect((await info()).avatar).toBe(uploaded.link);
    for (const url of ['/api/files/../../jwt-secret', '/api/files/upload/%2e%2e/%2e%2e/jwt-secret'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });
});
