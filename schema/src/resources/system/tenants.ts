import type { ResourceDef } from '../../registry.js';
import { PHONE_RULE } from '../../rules.js';
import { act, remark, t, text } from '../fields.js';

export const tenantPackage: ResourceDef = {
  name: 'tenantPackage',
  table: 'blade_tenant_package',
  path: '/blade-system/tenant-package',
  label: t('租户产品包', 'Tenant packages'),
  tenant: false,
  owner: 'platform',
  adminOnly: true,
  permission: 'tenantpackage',
  screen: {
    sort: 11,
    path: '/system/tenantpackage',
    icon: 'GiftOutlined',
    remark: 'view is off on this screen (spec section 2)',
  },
  endpoints: ['list', 'detail', 'remove', 'submit', 'select'],
  ui: { view: false },
  fields: [
    text('packageName', t('产品包名称', 'Package name'), {
      required: t('请输入产品包名称', 'Enter the package name'),
      max: 50,
      search: 'like',
    }),
    {
      name: 'menuId',
      type: 'refs',
      ref: 'menu',
      label: t('菜单列表', 'Menus'),
      required: t('请选择菜单', 'Choose the menus'),
      list: false,
    },
    remark({ list: true }),
  ],
};

export const tenant: ResourceDef = {
  name: 'tenant',
  table: 'blade_tenant',
  path: '/blade-system/tenant',
  label: t('租户管理', 'Tenants'),
  tenant: false,
  owner: 'platform',
  adminOnly: true,
  permission: 'tenant',
  screen: {
    sort: 10,
    path: '/system/tenant',
    icon: 'BankOutlined',
    actions: [
      act('setting', t('授权配置', 'Authorization'), '/blade-system/tenant/setting', 'toolbar', {
        remark: 'account limit and expiry time',
      }),
      act('datasource', t('数据源配置', 'Data Source'), '/blade-system/tenant/datasource', 'row'),
      act('package', t('产品包配置', 'Package'), '/blade-system/tenant/package-setting', 'row'),
    ],
  },
  endpoints: ['list', 'detail', 'remove', 'submit', 'select'],
  unique: ['tenantId', 'domain'],
  order: { field: 'createTime', direction: 'asc' },
  fields: [
    text('tenantId', t('租户ID', 'Tenant id'), {
      max: 12,
      search: 'like',
      sortable: true,
      disabledOnAdd: true,
      disabledOnEdit: true,
    }),
    text('tenantName', t('租户名称', 'Tenant name'), {
      required: t('请输入租户名称', 'Enter the tenant name'),
      max: 100,
      search: 'like',
    }),
    text('domain', t('域名地址', 'Domain'), {
      max: 255,
      pattern: {
        regex: '^[a-z0-9.-]*$',
        message: t(
          '域名只能包含小写字母、数字、点和短横线',
          'A domain has lower-case letters, digits, dots and dashes only',
        ),
      },
    }),
    { name: 'backgroundUrl', type: 'image', label: t('系统背景', 'Background'), list: false },
    text('linkman', t('联系人', 'Contact'), { max: 50, search: 'like' }),
    text('contactNumber', t('联系电话', 'Phone'), { max: 50, pattern: PHONE_RULE }),
    text('address', t('联系地址', 'Address'), { list: false }),
    {
      name: 'accountNumber',
      type: 'int',
      label: t('账号额度', 'Account limit'),
      default: -1,
      min: -1,
      named: [{ value: -1, label: t('不限', 'Unlimited') }],
    },
    { name: 'expireTime', type: 'datetime', label: t('过期时间', 'Expires'), sortable: true },
    { name: 'packageId', type: 'ref', ref: 'tenantPackage', label: t('产品包', 'Package'), form: false },
    { name: 'datasourceId', type: 'ref', label: t('数据源', 'Data source'), form: false, list: false },
  ],
};
