import type { ResourceDef } from '../../registry.js';
import { EMAIL, MAINLAND_MOBILE, MD5_HEX } from '../../rules.js';
import { act, t, text } from '../fields.js';

const MOBILE = { regex: MAINLAND_MOBILE, message: t('手机号码格式不正确', 'The phone number is not valid') };

export const user: ResourceDef = {
  name: 'user',
  table: 'blade_user',
  path: '/blade-user',
  label: t('用户管理', 'Users'),
  tenant: true,
  owner: 'tenant',
  permission: 'user',
  screen: {
    sort: 1,
    path: '/system/user',
    icon: 'UserOutlined',
    actions: [
      act('role', t('角色配置', 'Assign Roles'), '/blade-user/grant', 'toolbar'),
      act('reset', t('密码重置', 'Reset Password'), '/blade-user/reset-password', 'toolbar'),
      act('platform', t('平台配置', 'Platform'), '/blade-user/update-platform', 'row'),
      act('unlock', t('账号解封', 'Unlock'), '/blade-user/unlock', 'toolbar'),
      act('explain', t('权限解释', 'Explain access'), '/blade-system/explain', 'row'),
    ],
  },
  endpoints: ['page', 'detail', 'remove', 'submit', 'update'],
  unique: ['account'],
  order: { field: 'createTime', direction: 'desc' },
  dataScope: { dept: 'deptId', user: 'createUser' },
  fields: [
    text('account', t('登录账号', 'Account'), {
      required: t('请输入登录账号', 'Enter the account'),
      max: 45,
      search: 'prefix',
      disabledOnEdit: true,
      pattern: {
        regex: '^[A-Za-z0-9_.@-]+$',
        message: t('账号只能包含字母、数字和 _ . @ -', 'An account has letters, digits and _ . @ - only'),
      },
    }),
    text('password', t('密码', 'Password'), {
      secret: true,
      virtual: true,
      list: false,
      detail: false,
      disabledOnEdit: true,
      required: t('请输入密码', 'Enter the password'),
      hint: t(
        '仅用于首次登录：用户登录后须改为自己的密码',
        'For the first sign-in only: the user must then choose a password of their own',
      ),
      pattern: {
        regex: MD5_HEX,
        message: t('密码须在客户端做 md5 摘要', 'The client sends the md5 digest of the password'),
      },
    }),
    text('name', t('用户昵称', 'Nickname'), { max: 20, search: 'like' }),
    text('realName', t('用户姓名', 'Real name'), {
      required: t('请输入用户姓名', 'Enter the real name'),
      max: 20,
      search: 'like',
    }),
    text('code', t('用户编号', 'User code'), { max: 12, list: false }),
    text('phone', t('手机号码', 'Phone'), { max: 45, search: 'prefix', pattern: MOBILE }),
    text('email', t('电子邮箱', 'Email'), {
      max: 45,
      list: false,
      pattern: {
        regex: EMAIL,
        message: t('邮箱格式不正确', 'The email address is not valid'),
      },
    }),
    { name: 'sex', type: 'int', dict: 'sex', label: t('用户性别', 'Sex'), list: false, min: 1, max: 3 },
    { name: 'birthday', type: 'date', label: t('用户生日', 'Birthday'), list: false },
    {
      name: 'userType',
      type: 'int',
      dict: 'user_type',
      label: t('用户平台', 'Platform'),
      default: 1,
      search: 'eq',
      min: 1,
      max: 3,
    },
    {
      name: 'roleId',
      type: 'refs',
      ref: 'role',
      label: t('所属角色', 'Roles'),
      required: t('请选择所属角色', 'Choose the roles'),
    },
    {
      name: 'deptId',
      type: 'ref',
      ref: 'dept',
      label: t('所属部门', 'Department'),
      required: t('请选择所属部门', 'Choose the department'),
    },
    { name: 'postId', type: 'refs', ref: 'post', label: t('所属岗位', 'Posts'), list: false },
    { name: 'avatar', type: 'image', label: t('头像', 'Avatar'), list: false, form: false },
    {
      name: 'status',
      type: 'int',
      dict: 'account_status',
      label: t('账号状态', 'Status'),
      default: 1,
      min: 0,
      max: 3,
      search: 'eq',
    },
    { name: 'isLocked', type: 'flag', dict: 'yes_no', label: t('已锁定', 'Locked'), form: false },
  ],
};
