import type { Text } from '@blade/schema';
import { useCallback, useMemo } from 'react';
import { type Language, useLanguageStore } from '../i18n';

/** Texts of the schema-driven pages and the system pages built on them, Chinese first. */
const zh = {
  add: '新增',
  edit: '编辑',
  view: '查看',
  delete: '删除',
  search: '搜索',
  reset: '清空',
  moreFilters: '展开',
  fewerFilters: '收起',
  ok: '确定',
  cancel: '取消',
  submit: '提交',
  tip: '提示',
  index: '#',
  actions: '操作',
  createTime: '创建时间',
  startTime: '开始时间',
  endTime: '结束时间',
  addSuccess: '新增成功',
  updateSuccess: '更新成功',
  deleteSuccess: '删除成功',
  operationSuccess: '操作成功!',
  selectAtLeastOne: '请选择至少一条数据',
  selectOnlyOne: '只能选择一条数据',
  confirmDelete: '确定将选择数据删除?',
  enter: '请输入{label}',
  choose: '请选择{label}',
  tooLong: '{label}最多{max}个字符',
  tooShort: '{label}至少{min}个字符',
  tooLarge: '{label}不能大于{max}',
  tooSmall: '{label}不能小于{min}',
  total: '共 {total} 条',
  totalOne: '共 {total} 条',
  addChild: '新增下级',
  yes: '是',
  no: '否',
  // users
  deptTree: '机构',
  allDepts: '全部机构',
  grantRoles: '角色配置',
  resetPassword: '密码重置',
  confirmResetPassword: '确定重置所选账号的密码? 每个账号将得到一个一次性密码',
  oneTimeTitle: '一次性密码',
  oneTimeTip: '密码只显示这一次，请转交给账号本人；首次登录时必须修改。',
  oneTimeAccount: '账号',
  oneTimePassword: '密码',
  unlock: '账号解封',
  confirmUnlock: '确定将选择账号解封?',
  platform: '平台配置',
  userType: '用户平台',
  userExt: '用户拓展',
  userExtInvalid: '用户拓展须为 JSON',
  roles: '角色',
  chooseRoles: '请选择角色',
  // roles and top menus
  grantSetting: '权限设置',
  menuGrant: '菜单权限',
  dataScopeGrant: '数据权限',
  apiScopeGrant: '接口权限',
  menuSetting: '菜单配置',
  // tenants
  tenantSetting: '授权配置',
  accountNumber: '账号额度',
  accountNumberTip: '-1 表示不限制',
  expireTime: '过期时间',
  packageSetting: '产品包配置',
  tenantPackage: '产品包',
  noPackage: '不绑定产品包',
  datasourceSetting: '数据源配置',
  datasource: '数据源',
  builtInDatasource: '内置数据库',
  datasourceTip: '商城与课程数据存放在所选数据库中；已有这些数据的租户不能更换数据源',
  // dictionaries
  dictParent: '字典列表',
  dictChild: '字典配置',
  chooseParent: '请先在左侧选择一个字典',
  chooseParentAbove: '请先在上方选择一个字典',
  dictOf: '{name} 的字典项',
};

export type CrudTextKey = keyof typeof zh;

const en: Record<CrudTextKey, string> = {
  add: 'Add',
  edit: 'Edit',
  view: 'View',
  delete: 'Delete',
  search: 'Search',
  reset: 'Clear',
  moreFilters: 'More filters',
  fewerFilters: 'Fewer filters',
  ok: 'OK',
  cancel: 'Cancel',
  submit: 'Submit',
  tip: 'Notice',
  index: '#',
  actions: 'Actions',
  createTime: 'Created',
  startTime: 'From',
  endTime: 'To',
  addSuccess: 'Added',
  updateSuccess: 'Updated',
  deleteSuccess: 'Deleted',
  operationSuccess: 'Done!',
  selectAtLeastOne: 'Select at least one row',
  selectOnlyOne: 'Select one row only',
  confirmDelete: 'Delete the selected rows?',
  enter: 'Enter {label}',
  choose: 'Choose {label}',
  tooLong: '{label} has at most {max} characters',
  tooShort: '{label} has at least {min} characters',
  tooLarge: '{label} is at most {max}',
  tooSmall: '{label} is at least {min}',
  total: '{total} rows',
  totalOne: '{total} row',
  addChild: 'Add child',
  yes: 'Yes',
  no: 'No',
  deptTree: 'Departments',
  allDepts: 'All departments',
  grantRoles: 'Assign roles',
  resetPassword: 'Reset password',
  confirmResetPassword: 'Reset the passwords of the selected accounts? Each gets a one-time password',
  oneTimeTitle: 'One-time passwords',
  oneTimeTip: 'Shown this once only: pass each to its owner, who must change it at the first sign-in.',
  oneTimeAccount: 'Account',
  oneTimePassword: 'Password',
  unlock: 'Unlock',
  confirmUnlock: 'Unlock the selected accounts?',
  platform: 'Platform',
  userType: 'Platform',
  userExt: 'Extension',
  userExtInvalid: 'The extension must be JSON',
  roles: 'Roles',
  chooseRoles: 'Choose the roles',
  grantSetting: 'Permissions',
  menuGrant: 'Menus',
  dataScopeGrant: 'Data scopes',
  apiScopeGrant: 'API scopes',
  menuSetting: 'Menu settings',
  tenantSetting: 'Authorization',
  accountNumber: 'Account limit',
  accountNumberTip: '-1 means no limit',
  expireTime: 'Expires',
  packageSetting: 'Package',
  tenantPackage: 'Package',
  noPackage: 'No package',
  datasourceSetting: 'Data source',
  datasource: 'Data source',
  builtInDatasource: 'Built-in database',
  datasourceTip:
    'Mall and course data live in the chosen database; a tenant that already has such data cannot move',
  dictParent: 'Dictionaries',
  dictChild: 'Dictionary items',
  chooseParent: 'Choose a dictionary on the left first',
  chooseParentAbove: 'Choose a dictionary above first',
  dictOf: 'Items of {name}',
};

const texts: Record<Language, Record<CrudTextKey, string>> = { zh, en };

export type CrudTranslate = (key: CrudTextKey, vars?: Record<string, string | number>) => string;

export function crudText(
  language: Language,
  key: CrudTextKey,
  vars?: Record<string, string | number>,
): string {
  const text = texts[language][key];
  return vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => String(vars[name] ?? m)) : text;
}

export interface CrudText {
  language: Language;
  t: CrudTranslate;
  /** A declaration's label in the current language. */
  label: (text: Text) => string;
}

/** The crud texts in the shell's current language; re-renders when it changes. */
export function useCrudText(): CrudText {
  const language = useLanguageStore((s) => s.language);
  const t = useCallback<CrudTranslate>((key, vars) => crudText(language, key, vars), [language]);
  return useMemo(() => ({ language, t, label: (text: Text) => text[language] }), [language, t]);
}
