import type { ResourceDef } from '../../registry.js';
import { parent, remark, sort, t, text } from '../fields.js';

export const dept: ResourceDef = {
  name: 'dept',
  table: 'blade_dept',
  path: '/blade-system/dept',
  label: t('机构管理', 'Departments'),
  tenant: true,
  owner: 'tenant',
  permission: 'dept',
  screen: {
    sort: 2,
    path: '/system/dept',
    icon: 'ClusterOutlined',
  },
  endpoints: ['list', 'lazy-list', 'detail', 'tree', 'lazy-tree', 'remove', 'submit'],
  tree: { parent: 'parentId', title: 'deptName' },
  order: { field: 'sort', direction: 'asc' },
  fields: [
    parent({ label: t('上级机构', 'Parent department') }),
    text('deptName', t('机构名称', 'Name'), {
      required: t('请输入机构名称', 'Enter the department name'),
      max: 45,
      search: 'like',
    }),
    text('fullName', t('机构全称', 'Full name'), { max: 45, search: 'like' }),
    {
      name: 'deptCategory',
      type: 'int',
      dict: 'org_category',
      label: t('机构类型', 'Type'),
      default: 1,
      search: 'eq',
    },
    text('ancestors', t('祖级列表', 'Ancestors'), { form: false, list: false, max: 2000 }),
    sort(),
    remark(),
  ],
};

export const post: ResourceDef = {
  name: 'post',
  table: 'blade_post',
  path: '/blade-system/post',
  label: t('岗位管理', 'Posts'),
  tenant: true,
  owner: 'tenant',
  permission: 'post',
  screen: {
    sort: 3,
    path: '/system/post',
    icon: 'SolutionOutlined',
  },
  endpoints: ['list', 'select', 'detail', 'remove', 'submit'],
  order: { field: 'sort', direction: 'asc' },
  unique: ['postCode'],
  fields: [
    {
      name: 'category',
      type: 'int',
      dict: 'post_category',
      label: t('岗位类型', 'Type'),
      default: 1,
      search: 'eq',
    },
    text('postCode', t('岗位编号', 'Code'), {
      required: t('请输入岗位编号', 'Enter the post code'),
      max: 12,
      search: 'like',
    }),
    text('postName', t('岗位名称', 'Name'), {
      required: t('请输入岗位名称', 'Enter the post name'),
      max: 64,
      search: 'like',
    }),
    sort(),
    remark(),
  ],
};
