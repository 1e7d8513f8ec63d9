import type { ResourceDef } from '@blade/schema';
import { deriveResource } from '../../crud/fields';

export type DictionaryLayout = 'horizontal' | 'vertical';

const PARENT_FORM = ['code', 'dictValue', 'sort', 'isSealed', 'remark'];
const CHILD_COLUMNS = ['code', 'dictValue', 'parentId', 'dictKey', 'sort', 'isSealed', 'remark'];
/** The form also takes the English name (shown to people using English), after the Chinese one. */
const withEnglish = (names: string[]) => names.flatMap((n) => (n === 'dictValue' ? [n, 'dictValueEn'] : [n]));
const LOCKED = { disabledOnAdd: true, disabledOnEdit: true };
/** The parent is the table's own business (parents are roots, children belong to the chosen one). */
const NO_PARENT_SEARCH = { parentId: { search: undefined } };

/**
 * The two tables of a dictionary screen (spec §2 "Dictionary management"): parents with code,
 * dictValue, sort (horizontal layout only), isSealed and remark; children of the chosen parent with
 * code, dictValue, parentId, dictKey, sort, isSealed and remark, code and parentId fixed.
 */
export function dictionaryViews(resource: ResourceDef, layout: DictionaryLayout) {
  const plain = { ...resource, tree: undefined };
  return {
    parent: deriveResource(plain, {
      list: layout === 'horizontal' ? PARENT_FORM : PARENT_FORM.filter((f) => f !== 'sort'),
      form: withEnglish(PARENT_FORM),
      fields: NO_PARENT_SEARCH,
      ui: { dialogWidth: 880, menuWidth: 250 },
    }),
    child: deriveResource(plain, {
      list: CHILD_COLUMNS,
      form: withEnglish(CHILD_COLUMNS),
      fields: { code: LOCKED, parentId: { ...LOCKED, search: undefined } },
      ui: { dialogWidth: 880, menuWidth: 300 },
    }),
  };
}
