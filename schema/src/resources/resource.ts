import type { ResourceDef } from '../registry.js';
import { SERVER_URL } from '../rules.js';
import { act, CODE_PATTERN, remark, t, text } from './fields.js';

const enabled = {
  name: 'enabled',
  type: 'flag' as const,
  dict: 'yes_no',
  label: t('启用', 'Enabled'),
  form: false,
  search: 'eq' as const,
};

export const oss: ResourceDef = {
  name: 'oss',
  table: 'blade_oss',
  path: '/blade-resource/oss',
  label: t('对象存储', 'Object storage'),
  tenant: true,
  owner: 'tenant',
  permission: 'oss',
  screen: {
    sort: 2,
    path: '/resource/oss',
    icon: 'CloudServerOutlined',
    actions: [act('enable', t('启用', 'Enable'), '/blade-resource/oss/enable', 'row')],
  },
  endpoints: ['list', 'detail', 'remove', 'submit'],
  unique: ['ossCode'],
  fields: [
    {
      name: 'category',
      type: 'int',
      dict: 'oss',
      label: t('存储类型', 'Kind'),
      required: t('请选择存储类型', 'Choose the kind'),
      min: 1,
      max: 6,
      search: 'eq',
    },
    text('ossCode', t('资源编号', 'Code'), {
      required: t('请输入资源编号', 'Enter the code'),
      max: 32,
      search: 'like',
      pattern: CODE_PATTERN,
    }),
    text('endpoint', t('资源地址', 'Endpoint'), {
      pattern: {
        regex: SERVER_URL,
        message: t('资源地址须以 http:// 或 https:// 开头', 'The endpoint starts with http:// or https://'),
      },
    }),
    text('accessKey', t('accessKey', 'Access key'), { list: false }),
    text('secretKey', t('secretKey', 'Secret key'), { secret: true, list: false, detail: false, max: 500 }),
    text('bucketName', t('空间名', 'Bucket'), { max: 255 }),
    text('region', t('地域', 'Region'), { max: 64, list: false }),
    text('appPath', t('上传目录', 'Upload folder'), {
      list: false,
      pattern: {
        regex: '^[\\w/-]*$',
        message: t('目录只能包含字母数字和 / - _', 'A folder has letters, digits and / - _ only'),
      },
    }),
    text('domain', t('访问域名', 'Public domain'), {
      list: false,
      pattern: {
        regex: SERVER_URL,
        message: t(
          '访问域名须以 http:// 或 https:// 开头',
          'The public domain starts with http:// or https://',
        ),
      },
    }),
    enabled,
    remark(),
  ],
};

export const sms: ResourceDef = {
  name: 'sms',
  table: 'blade_sms',
  path: '/blade-resource/sms',
  label: t('短信配置', 'SMS'),
  tenant: true,
  owner: 'tenant',
  permission: 'sms',
  screen: {
    sort: 3,
    path: '/resource/sms',
    icon: 'MessageOutlined',
    actions: [
      act('enable', t('启用', 'Enable'), '/blade-resource/sms/enable', 'row'),
      act('send', t('发送', 'Send'), '/blade-resource/sms/endpoint/send-message', 'row'),
    ],
  },
  endpoints: ['list', 'detail', 'remove', 'submit'],
  unique: ['smsCode'],
  fields: [
    {
      name: 'category',
      type: 'int',
      dict: 'sms',
      label: t('服务类型', 'Provider'),
      required: t('请选择服务类型', 'Choose the provider'),
      min: 0,
      max: 4,
      search: 'eq',
    },
    text('smsCode', t('资源编号', 'Code'), {
      required: t('请输入资源编号', 'Enter the code'),
      max: 32,
      search: 'like',
    }),
    text('templateId', t('模板ID', 'Template id'), { max: 64 }),
    text('accessKey', t('accessKey', 'Access key'), { list: false }),
    text('secretKey', t('secretKey', 'Secret key'), { secret: true, list: false, detail: false, max: 500 }),
    text('regionId', t('地域', 'Region'), { max: 64, list: false }),
    text('signName', t('短信签名', 'Signature'), { max: 64 }),
    text('appId', t('应用ID', 'App id'), { max: 64, list: false }),
    text('endpoint', t('接口地址', 'API address'), {
      list: false,
      pattern: {
        regex: SERVER_URL,
        message: t('接口地址须以 http:// 或 https:// 开头', 'The address starts with http:// or https://'),
      },
    }),
    enabled,
    remark(),
  ],
};

export const attach: ResourceDef = {
  name: 'attach',
  table: 'blade_attach',
  path: '/blade-resource/attach',
  label: t('附件管理', 'Attachments'),
  tenant: true,
  owner: 'tenant',
  permission: 'attach',
  screen: {
    sort: 1,
    path: '/resource/attach',
    icon: 'PaperClipOutlined',
  },
  endpoints: ['list', 'detail', 'remove', 'submit'],
  order: { field: 'createTime', direction: 'desc' },
  fields: [
    { name: 'link', type: 'file', label: t('附件地址', 'Link'), form: false },
    text('domain', t('附件域名', 'Domain'), { form: false, list: false }),
    text('name', t('附件名称', 'Stored name'), { form: false, search: 'like', max: 500 }),
    text('originalName', t('附件原名', 'Original name'), {
      required: t('请输入附件原名', 'Enter the name'),
      search: 'like',
      max: 500,
    }),
    text('extension', t('附件拓展名', 'Extension'), { form: false, search: 'eq', max: 32 }),
    {
      name: 'attachSize',
      type: 'int',
      label: t('附件大小', 'Size (bytes)'),
      form: false,
      max: Number.MAX_SAFE_INTEGER,
    },
    text('contentType', t('内容类型', 'Content type'), { form: false, list: false, max: 128 }),
  ],
};

export const smsRecord: ResourceDef = {
  name: 'smsRecord',
  table: 'blade_sms_record',
  path: '/blade-resource/sms/record',
  label: t('短信记录', 'SMS records'),
  tenant: true,
  owner: 'tenant',
  permission: 'sms',
  endpoints: ['list', 'detail'],
  order: { field: 'createTime', direction: 'desc' },
  fields: [
    {
      name: 'smsId',
      type: 'ref',
      ref: 'sms',
      label: t('短信配置', 'Configuration'),
      form: false,
      list: false,
    },
    {
      name: 'category',
      type: 'int',
      dict: 'sms',
      label: t('服务类型', 'Provider'),
      form: false,
      search: 'eq',
    },
    text('templateId', t('模板ID', 'Template id'), { form: false }),
    text('phones', t('手机号码', 'Phones'), { form: false, search: 'like', max: 4000 }),
    text('params', t('短信参数', 'Parameters'), { form: false, max: 4000 }),
    {
      name: 'success',
      type: 'flag',
      dict: 'yes_no',
      label: t('发送成功', 'Sent'),
      form: false,
      search: 'eq',
    },
    text('message', t('服务应答', 'Provider answer'), { form: false, max: 2000 }),
  ],
};
