import type { ResourceDef } from '../../registry.js';
import { act, CODE_PATTERN, parent, remark, sort, t, text } from '../fields.js';

/** The name of a menu and of a top menu, declared alike. */
const menuName = text('name', t('菜单名称', 'Name'), {
  required: t('请输入菜单名称', 'Enter the menu name'),
  search: 'like',
});

export const menu: ResourceDef = {
  name: 'menu',
  table: 'blade_menu',
  path: '/blade-system/menu',
  label: t('菜单管理', 'Menus'),
  tenant: false,
  owner: 'platform',
  permission: 'menu',
  screen: {
    sort: 4,
    path: '/system/menu',
    icon: 'MenuOutlined',
  },
  endpoints: ['list', 'lazy-list', 'detail', 'tree', 'remove', 'submit'],
  tree: { parent: 'parentId', title: 'name' },
  order: { field: 'sort', direction: 'asc' },
  unique: ['code'],
  fields: [
    menuName,
    text('alias', t('英文名称', 'English name'), {
      required: t('请输入英文名称', 'Enter the English name'),
      search: 'like',
    }),
    text('code', t('菜单编号', 'Code'), {
      required: t('请输入菜单编号', 'Enter the menu code'),
      search: 'like',
      pattern: CODE_PATTERN,
    }),
    text('path', t('路由地址', 'Path')),
    text('source', t('菜单图标', 'Icon'), { list: false }),
    parent({ label: t('上级菜单', 'Parent menu') }),
    {
      name: 'category',
      type: 'int',
      dict: 'menu_category',
      label: t('菜单类型', 'Type'),
      required: t('请选择菜单类型', 'Choose the type'),
      search: 'eq',
      min: 1,
      max: 2,
    },
    {
      name: 'action',
      type: 'int',
      dict: 'button_func',
      label: t('按钮功能', 'Button position'),
      default: 0,
      list: false,
      min: 0,
      max: 3,
    },
    {
      name: 'isOpen',
      type: 'int',
      dict: 'yes_no',
      label: t('新窗口', 'New window'),
      default: 0,
      list: false,
      min: 0,
      max: 1,
    },
    sort(),
    remark(),
  ],
};

export const topMenu: ResourceDef = {
  name: 'topMenu',
  table: 'blade_top_menu',
  path: '/blade-system/topmenu',
  label: t('顶部菜单', 'Top menus'),
  tenant: true,
  owner: 'tenant',
  permission: 'topmenu',
  screen: {
    sort: 5,
    path: '/system/topmenu',
    icon: 'LayoutOutlined',
    actions: [act('setting', t('菜单配置', 'Menu Settings'), '/blade-system/topmenu/grant', 'toolbar')],
  },
  endpoints: ['list', 'detail', 'remove', 'submit'],
  order: { field: 'sort', direction: 'asc' },
  unique: ['code'],
  fields: [
    menuName,
    // Saber's form has no alias; one left out is the code (see the top menu hooks).
    text('alias', t('英文名称', 'English name')),
    text('code', t('菜单编号', 'Code'), {
      required: t('请输入菜单编号', 'Enter the menu code'),
      search: 'like',
    }),
    text('source', t('菜单图标', 'Icon')),
    text('path', t('路由地址', 'Path'), { list: false }),
    sort(),
  ],
};
