import type { ResourceDef } from '../../registry.js';
import { act, remark, sort, t, text } from '../fields.js';

export const region: ResourceDef = {
  name: 'region',
  table: 'blade_region',
  path: '/blade-system/region',
  label: t('行政区划', 'Regions'),
  tenant: false,
  owner: 'platform',
  permission: 'region',
  screen: {
    folder: 'system',
    sort: 13,
    path: '/base/region',
    icon: 'EnvironmentOutlined',
    // Saber's region page shows its 调试 dialog (cascading selects over region/select) with this.
    actions: [act('debug', t('调试', 'Debug'), '/blade-system/region/select', 'toolbar')],
  },
  endpoints: ['list', 'remove', 'submit'],
  unique: ['code'],
  order: { field: 'sort', direction: 'asc' },
  fields: [
    text('code', t('区划编号', 'Code'), {
      required: t('请输入区划编号', 'Enter the code'),
      search: 'like',
      pattern: { regex: '^\\d{2,12}$', message: t('区划编号为 2 到 12 位数字', 'A code has 2 to 12 digits') },
    }),
    text('parentCode', t('上级编号', 'Parent code'), {
      default: '00',
      search: 'eq',
      pattern: { regex: '^\\d{2,12}$', message: t('上级编号为数字', 'The parent code has digits only') },
    }),
    text('name', t('区划名称', 'Name'), {
      required: t('请输入区划名称', 'Enter the name'),
      max: 32,
      search: 'like',
    }),
    {
      name: 'regionLevel',
      type: 'int',
      dict: 'region_level',
      label: t('层级', 'Level'),
      required: t('请选择层级', 'Choose the level'),
      min: 1,
      max: 5,
      search: 'eq',
    },
    sort(),
    remark(),
  ],
};
