import { SECRET_MASK } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { serverForDescribe } from '../../test/harness.js';

type Row = Record<string, unknown>;

/**
 * Saber's 应用管理 edit opens the form from the list row and then fills it from `detail`; its
 * 应用密钥 is required. When the list row's form wins (the detail answered while Avue was still
 * drawing the dialog), the secret must be there too: as the mask, which the edit sends back.
 */
describe('Saber 4.x 应用管理 edit: the secret mask in list rows', () => {
  const t = serverForDescribe();

  it('list rows carry the mask (never the secret), and the list row sent back keeps the secret', async () => {
    const saved = await t.ok<Row>({
      method: 'POST',
      url: '/api/blade-system/client/submit',
      payload: {
        clientId: 'walk_client',
        clientSecret: 'walk_secret_1',
        scope: 'all',
        authorizedGrantTypes: 'refresh_token,password',
        accessTokenValidity: 3600,
        refreshTokenValidity: 7200,
        webServerRedirectUri: 'https://example.com',
      },
    });
    const page = await t.ok<{ records: Row[] }>({
      method: 'GET',
      url: '/api/blade-system/client/list',
      query: { current: '1', size: '100' },
    });
    const listed = page.records.find((r) => String(r.id) === String(saved.id));
    expect(listed?.clientSecret).toBe(SECRET_MASK);
    expect(JSON.stringify(page.records)).not.toContain('walk_secret_1');

    await t.ok({
      method: 'POST',
      url: '/api/blade-system/client/submit',
      payload: { ...listed, accessTokenValidity: 1200 },
    });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { Authorization: `Basic ${Buffer.from('walk_client:walk_secret_1').toString('base64')}` },
      query: {
        grant_type: 'password',
        tenantId: '000000',
        username: 'admin',
        password: '21232f297a57a5a743894a0e4a801fc3',
      },
    });
    expect(signedIn.json()).toMatchObject({ code: 200, expires_in: 1200 });
  });

  it("the seeded client opens in Saber's edit with every field its form requires (a redirect address)", async () => {
    const page = await t.ok<{ records: Row[] }>({
      method: 'GET',
      url: '/api/blade-system/client/list',
      query: { current: '1', size: '100' },
    });
    const seeded = page.records.find((r) => r.clientId === 'saber');
    const detail = await t.ok<Row>({
      method: 'GET',
      url: '/api/blade-system/client/detail',
      query: { id: String(seeded?.id) },
    });
    expect(detail.webServerRedirectUri).toBe('http://localhost');
  });
});
