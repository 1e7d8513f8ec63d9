import type { ResourceDef } from '../../registry.js';
import { t, text } from '../fields.js';

/** OAuth grant type names a client may hold. */
const GRANT_TYPES = 'authorization_code|client_credentials|implicit|password|refresh_token|captcha|social';

export const client: ResourceDef = {
  name: 'client',
  table: 'blade_client',
  path: '/blade-system/client',
  label: t('应用管理', 'Clients'),
  tenant: false,
  owner: 'platform',
  adminOnly: true,
  permission: 'client',
  screen: {
    sort: 12,
    path: '/system/client',
    icon: 'KeyOutlined',
  },
  endpoints: ['list', 'detail', 'remove', 'submit'],
  unique: ['clientId'],
  fields: [
    text('clientId', t('应用ID', 'Client id'), {
      required: t('请输入应用ID', 'Enter the client id'),
      max: 48,
      search: 'like',
    }),
    text('clientSecret', t('应用密钥', 'Client secret'), {
      secret: true,
      masked: true,
      virtual: true,
      min: 8,
      max: 256,
      required: t('请输入应用密钥', 'Enter the client secret'),
    }),
    text('scope', t('权限范围', 'Scope'), {
      default: 'all',
      required: t('请输入权限范围', 'Enter the scope'),
    }),
    text('authorizedGrantTypes', t('授权类型', 'Grant types'), {
      default: 'password,captcha,refresh_token',
      required: t('请输入授权类型', 'Enter the grant types'),
      // The OAuth grant names SpringBlade's clients (Saber) store; sign-in serves password,
      // captcha and refresh_token and names any other it is asked for (auth-service.ts).
      pattern: {
        regex: `^(${GRANT_TYPES})(,(${GRANT_TYPES}))*$`,
        message: t(
          '授权类型只能是 authorization_code、client_credentials、implicit、password、refresh_token、captcha、social，以逗号分隔',
          'Grant types are authorization_code, client_credentials, implicit, password, refresh_token, captcha or social, separated by commas',
        ),
      },
    }),
    text('webServerRedirectUri', t('回调地址', 'Redirect URI'), { list: false }),
    {
      name: 'accessTokenValidity',
      type: 'int',
      label: t('令牌秒数', 'Access token seconds'),
      default: 3600,
      min: 60,
      max: 86_400 * 30,
    },
    {
      name: 'refreshTokenValidity',
      type: 'int',
      label: t('刷新令牌秒数', 'Refresh token seconds'),
      default: 604_800,
      min: 60,
      max: 86_400 * 365,
    },
  ],
};
