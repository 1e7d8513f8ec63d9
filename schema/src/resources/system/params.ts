import type { ResourceDef } from '../../registry.js';
import { remark, t, text } from '../fields.js';

export const param: ResourceDef = {
  name: 'param',
  table: 'blade_param',
  path: '/blade-system/param',
  label: t('参数管理', 'Parameters'),
  tenant: false,
  owner: 'platform',
  permission: 'param',
  screen: {
    sort: 9,
    path: '/system/param',
    icon: 'ControlOutlined',
  },
  endpoints: ['list', 'detail', 'remove', 'submit'],
  unique: ['paramKey'],
  order: { field: 'createTime', direction: 'desc' },
  fields: [
    text('paramName', t('参数名称', 'Name'), {
      required: t('请输入参数名称', 'Enter the parameter name'),
      search: 'like',
    }),
    text('paramKey', t('参数键名', 'Key'), {
      required: t('请输入参数键名', 'Enter the parameter key'),
      search: 'like',
      sortable: true,
    }),
    {
      name: 'paramValue',
      type: 'longtext',
      label: t('参数键值', 'Value'),
      required: t('请输入参数键值', 'Enter the parameter value'),
      max: 20_000,
    },
    remark(),
  ],
};
