import { describe, expect, it } from 'vitest';
import { serverForDescribe } from '../../test/harness.js';

type Row = Record<string, unknown>;

/** Saber's 应用管理 form: its default grant types include authorization_code. */
describe('Saber 4.x clients', () => {
  const t = serverForDescribe();

  const submit = (payload: Row, lang = 'zh-CN') =>
    t.call({
      method: 'POST',
      url: '/api/blade-system/client/submit',
      headers: { 'accept-language': lang },
      payload,
    });
  const signIn = (clientId: string, grantType: string, lang = 'zh-CN') =>
    t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientId}_secret`).toString('base64')}`,
        'accept-language': lang,
      },
      query: {
        grant_type: grantType,
        tenantId: '000000',
        username: 'admin',
        password: '21232f297a57a5a743894a0e4a801fc3',
      },
    });

  it("saves Saber's defaults as they are; sign-in serves password and names authorization_code", async () => {
    const saved = await submit({
      clientId: 'saber_web',
      clientSecret: 'saber_web_secret',
      authorizedGrantTypes: 'refresh_token,password,authorization_code',
      scope: 'all',
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
    });
    expect(saved.json()).toMatchObject({
      code: 200,
      data: { authorizedGrantTypes: 'refresh_token,password,authorization_code' },
    });
    expect((await signIn('saber_web', 'password')).json()).toMatchObject({ code: 200 });

    const code = await signIn('saber_web', 'authorization_code');
    expect(code.statusCode).toBe(400);
    expect(code.json()).toMatchObject({
      msg: '授权类型 authorization_code 不能用于登录，请使用 password、captcha 或 refresh_token',
    });
    const english = await signIn('saber_web', 'authorization_code', 'en');
    expect(english.json().msg).toBe(
      'Grant type authorization_code cannot be used to sign in; use password, captcha or refresh_token',
    );
    // A grant the client does not hold is refused as before.
    expect((await signIn('saber_web', 'captcha')).json()).toMatchObject({ msg: '不支持的授权类型' });
  });

  it('takes every grant name Saber offers and refuses any other on its field', async () => {
    const all = 'authorization_code,client_credentials,implicit,password,refresh_token,captcha,social';
    const saved = await submit({
      clientId: 'every_grant',
      clientSecret: 'every_grant_secret',
      authorizedGrantTypes: all,
    });
    expect(saved.json()).toMatchObject({ code: 200, data: { authorizedGrantTypes: all } });
    expect((await signIn('every_grant', 'client_credentials')).json().msg).toContain('client_credentials');

    const wrong = await submit({
      clientId: 'wrong_grant',
      clientSecret: 'wrong_grant_secret',
      authorizedGrantTypes: 'password,magic',
    });
    expect(wrong.json()).toMatchObject({
      code: 400,
      field: 'authorizedGrantTypes',
      msg: '授权类型只能是 authorization_code、client_credentials、implicit、password、refresh_token、captcha、social，以逗号分隔',
    });
    const spaced = await submit(
      {
        clientId: 'wrong_grant',
        clientSecret: 'wrong_grant_secret',
        authorizedGrantTypes: 'password, implicit',
      },
      'en',
    );
    expect(spaced.json()).toMatchObject({ code: 400, field: 'authorizedGrantTypes' });
    expect(spaced.json().msg).toContain('Grant types are authorization_code');
  });
});
