import type { Bilingual } from './bilingual.js';

/** Records: their checks, dictionaries, removal, restore and history. */
export const recordsMessages = {
  clearCacheDone: { zh: '清除完毕', en: 'Cache cleared' },
  /** A message the resource declaration words itself (already in the caller's language). */
  declared: { zh: '{text}', en: '{text}' },
  /** A refusal worded in both languages by its raiser (a field named by its label in each). */
  worded: { zh: '{zh}', en: '{en}' },
  sortUnknown: { zh: '不支持按 {field} 排序', en: 'Lists cannot be sorted by {field}' },
  duplicate: { zh: '{field}已存在', en: '{field} already exists' },
  dictCodeTaken: {
    zh: '字典编号 {code} 已存在',
    en: 'The dictionary code {code} already exists',
  },
  dictKeyTaken: {
    zh: '字典键值 {key} 在此字典中已存在',
    en: 'The key {key} is already used in this dictionary',
  },
  dictKeyNumber: {
    zh: '此字典的键值必须是整数：{fields} 按数字保存它',
    en: 'Keys of this dictionary must be whole numbers: {fields} store them as numbers',
  },
  hasChildren: { zh: '请先删除子节点', en: 'Delete the child entries first' },
  idsRequired: { zh: '请选择至少一条数据', en: 'Select at least one row' },
  accountLimit: {
    zh: '账号数量已达到租户上限 {limit}，请联系管理员',
    en: 'The tenant already has its limit of {limit} accounts; contact an administrator',
  },
  cannotRemoveSelf: {
    zh: '不能删除当前登录的账号',
    en: 'You cannot delete the account you are signed in with',
  },
  rowNotFound: { zh: '数据不存在或已被删除', en: 'The entry does not exist or was deleted' },
  restoreDuplicate: {
    zh: '无法恢复：{field} 已被其他数据使用',
    en: 'Cannot restore: another entry already uses this {field}',
  },
  restoreStockSold: {
    zh: '无法恢复：该版本之后商品「{name}」已售出 {sold} 件，恢复旧库存会把它们再卖一次，请直接修改库存',
    en: 'Cannot restore: {sold} of "{name}" were sold after that version and its old stock would sell them again; change the stock directly',
  },
  restoreParentGone: {
    zh: '无法恢复：{field} 所指的数据已被删除，请先恢复它',
    en: 'Cannot restore: the entry its {field} names was deleted; restore that first',
  },
  refNotFound: {
    zh: '{field} 所选的数据不存在、已被删除或不属于本租户',
    en: 'The {field} chosen does not exist, was deleted or is not of this tenant',
  },
  undoChangedSince: {
    zh: '无法撤销：{field} 在这次变更之后又被修改过，请改为恢复到某个版本',
    en: 'Cannot undo: {field} was changed again after this change; restore a version instead',
  },
  undoSecret: {
    zh: '无法撤销：{field} 是保密字段，其旧值没有保存',
    en: 'Cannot undo: {field} is secret and its earlier value was never kept',
  },
  restoreNotVersion: {
    zh: '删除不是数据的一个版本，请撤销这次删除或从回收站恢复',
    en: 'A removal is not a version of the entry; undo it or restore the entry from the recycle bin',
  },
  historyNotRestorable: {
    zh: '授权变更不能在这里恢复，请在角色的权限设置中重新授权',
    en: "A change of grants is not restored here; grant again in the role's permission settings",
  },
  historyNotFound: { zh: '变更记录不存在', en: 'The change record does not exist' },
  historyNoResource: { zh: '没有名为 {name} 的资源', en: 'There is no resource named {name}' },
} satisfies Record<string, Bilingual>;
