import type { ResourceDef } from '../../registry.js';
import { parent, remark, sort, t, text } from '../fields.js';

const dictFields = () => [
  text('code', t('字典编号', 'Code'), {
    required: t('请输入字典编号', 'Enter the dictionary code'),
    search: 'like' as const,
    disabledOnEdit: true,
    max: 255,
  }),
  text('dictValue', t('字典名称', 'Name'), {
    required: t('请输入字典名称', 'Enter the dictionary name'),
    search: 'like' as const,
  }),
  // Shown instead of the Chinese name to people using English.
  text('dictValueEn', t('英文名称', 'English name'), { max: 255, list: false }),
  parent({ label: t('上级字典', 'Parent dictionary'), list: true }),
  text('dictKey', t('字典键值', 'Key'), {
    required: t('请输入字典键值', 'Enter the dictionary key'),
    default: '-1',
  }),
  sort({ required: t('请输入字典排序', 'Enter the sort order') }),
  {
    name: 'isSealed',
    type: 'flag' as const,
    dict: 'yes_no',
    dictSource: 'system' as const,
    label: t('封存', 'Sealed'),
    required: t('请选择封存', 'Choose whether it is sealed'),
    default: 0,
  },
  remark({ list: true }),
];

export const dict: ResourceDef = {
  name: 'dict',
  table: 'blade_dict',
  path: '/blade-system/dict',
  label: t('系统字典', 'Dictionaries'),
  tenant: false,
  owner: 'platform',
  permission: 'dict',
  screen: {
    sort: 6,
    path: '/system/dict',
    icon: 'BookOutlined',
    code: 'dict-horizontal',
    remark: 'horizontal layout; owns the dict_* buttons of both layouts',
  },
  menus: ['dict-horizontal', 'dict-vertical'],
  endpoints: ['list', 'detail', 'tree', 'remove', 'submit'],
  tree: { parent: 'parentId', title: 'dictValue' },
  order: { field: 'sort', direction: 'asc' },
  ui: { dialogWidth: 880 },
  fields: dictFields(),
};

export const dictBiz: ResourceDef = {
  ...dict,
  name: 'dictBiz',
  table: 'blade_dict_biz',
  path: '/blade-system/dict-biz',
  label: t('业务字典', 'Business dictionaries'),
  tenant: true,
  owner: 'tenant',
  permission: 'dictbiz',
  screen: {
    sort: 8,
    path: '/system/dictbiz',
    icon: 'ContainerOutlined',
  },
  menus: ['dictbiz'],
  fields: dictFields(),
};
