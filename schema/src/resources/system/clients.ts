import type { ResourceDef } from '../../registry.js';
import { t, text } from '../fields.js';

export const client: ResourceDef = {
  name: 'client',
  table: 'blade_client',
  path: '/blade-system/client',
  label: t('应用管理', 'Clients'),
  tenant: false,
  owner: 'platform',
  adminOnly: true,
  permission: 'client',
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
      pattern: {
        regex: '^(password|captcha|refresh_token|social)(,(password|captcha|refresh_token|social))*$',
        message: t(
          '授权类型只能是 password、captcha、refresh_token、social',
          'Grant types are password, captcha, refresh_token or social',
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
