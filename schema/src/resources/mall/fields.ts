/** Field and declaration builders the mall and learning resources share. */
import type { FieldDef, ResourceDef } from '../../registry.js';
import { MAINLAND_MOBILE } from '../../rules.js';
import { t, text } from '../fields.js';

/** A field whose values come from a business dictionary of the tenant. */
export const biz = (
  name: string,
  dict: string,
  label: [string, string],
  extra: Partial<FieldDef> = {},
): FieldDef => ({
  name,
  type: 'int',
  dict,
  dictSource: 'biz',
  label: t(...label),
  search: 'eq',
  ...extra,
});

export const MOBILE = {
  regex: MAINLAND_MOBILE,
  message: t('手机号码格式不正确', 'The phone number is not valid'),
};

export const title = (zh = '标题', en = 'Title'): FieldDef =>
  text('title', t(zh, en), {
    required: t(`请输入${zh}`, `Enter the ${en.toLowerCase()}`),
    max: 200,
    search: 'like',
  });

export const image = (name: string, zh: string, en: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'image',
  label: t(zh, en),
  list: false,
  ...extra,
});

export const time = (name: string, zh: string, en: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'datetime',
  label: t(zh, en),
  ...extra,
});

/** The end of something that starts at startTime, which it may not precede. */
export const ends = (): FieldDef =>
  time('endTime', '结束时间', 'Ends', {
    notBefore: {
      field: 'startTime',
      message: t('结束时间不能早于开始时间', 'The end cannot come before the start'),
    },
  });

export const ref = (
  name: string,
  target: string,
  zh: string,
  en: string,
  extra: Partial<FieldDef> = {},
): FieldDef => ({
  name,
  type: 'ref',
  ref: target,
  label: t(zh, en),
  search: 'eq',
  ...extra,
});

export const money = (name: string, zh: string, en: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'money',
  label: t(zh, en),
  min: 0,
  ...extra,
});

export const contentStatus = biz('status', 'content_status', ['状态', 'Status'], { default: 1 });

export const mall = (
  def: Omit<ResourceDef, 'tenant' | 'owner' | 'path'> & { path?: string },
): ResourceDef => ({
  tenant: true,
  owner: 'tenant',
  path: `/mall/${def.name.toLowerCase()}`,
  ...def,
});

export const replyFields = (statusDict: string): FieldDef[] => [
  { name: 'reply', type: 'longtext', label: t('回复', 'Reply'), max: 4000, list: false },
  time('replyTime', '回复时间', 'Replied at', { form: false }),
  biz('status', statusDict, ['状态', 'Status'], { default: 0 }),
];
