import { sm2 } from 'sm-crypto-v2';
import { BASIC, type TestServer } from '../../test/harness.js';
import { sm2PublicKey } from './sm2.js';

/** What Saber 4.x sends to sign in: the password SM2-encrypted (cipher mode 0, no 04 prefix). */
export const saberSignIn = (
  t: TestServer,
  password: string,
  extra: { grantType?: string; account?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/token',
    headers: { authorization: BASIC, ...extra.headers },
    query: {
      grantType: extra.grantType ?? 'password',
      tenantId: '000000',
      account: extra.account ?? 'admin',
      password: sm2.doEncrypt(password, sm2PublicKey(t.config.sm2PrivateKey), 0),
      type: 'account',
    },
  });

/** Saber's refresh of its token. */
export const saberRefresh = (t: TestServer, refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/token',
    headers: { authorization: BASIC },
    query: { refreshToken, grantType: 'refresh_token', scope: 'all' },
  });

/** What Saber's 代码生成 add form sends, every field it requires filled as a SpringBlade user would. */
export const saberCodeForm = (datasourceId: string, root = 'D:\\Develop\\WorkSpace\\Git') => ({
  datasourceId,
  codeName: '通知公告',
  serviceName: 'blade-desk',
  tableName: 'blade_notice',
  tablePrefix: 'blade_',
  pkName: 'id',
  packageName: 'org.springblade.desk',
  baseMode: '1',
  wrapMode: '1',
  apiPath: `${root}\\SpringBlade\\blade-ops\\blade-develop`,
  webPath: `${root}\\Saber`,
});
