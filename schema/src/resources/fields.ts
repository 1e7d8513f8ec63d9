import type { ButtonPlace, FieldDef, ScreenAction, Text } from '../registry.js';

/** Builders for the fields most resources share; each returns a plain declaration. */
export const t = (zh: string, en: string): Text => ({ zh, en });

export const text = (name: string, label: Text, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'text',
  label,
  ...extra,
});

export const sort = (extra: Partial<FieldDef> = {}): FieldDef => ({
  name: 'sort',
  type: 'int',
  label: t('排序', 'Sort'),
  min: 0,
  max: 1_000_000,
  default: 0,
  sortable: true,
  ...extra,
});

export const remark = (extra: Partial<FieldDef> = {}): FieldDef => ({
  name: 'remark',
  type: 'text',
  label: t('备注', 'Remark'),
  max: 255,
  list: false,
  ...extra,
});

export const parent = (extra: Partial<FieldDef> = {}): FieldDef => ({
  name: 'parentId',
  type: 'parent',
  label: t('上级', 'Parent'),
  default: 0,
  list: false,
  search: 'eq',
  ...extra,
});

/** The pattern of a code that names a menu or a storage: a letter, then letters, digits, `_` and `-`. */
export const CODE_PATTERN: FieldDef['pattern'] = {
  regex: '^[A-Za-z][\\w-]*$',
  message: t(
    '编号以字母开头，只含字母数字下划线短横线',
    'A code starts with a letter and has letters, digits, - and _',
  ),
};

/** A screen action beyond add/edit/delete/view: its button's label, the call it makes and where it shows. */
export const act = (
  action: string,
  label: Text,
  call: string,
  place: ButtonPlace,
  extra: Pick<ScreenAction, 'code' | 'remark'> = {},
): ScreenAction => ({ action, label, call, place, ...extra });
