import { Spin, Tree } from 'antd';
import { useMemo } from 'react';
import type { Row } from '../../crud/fields';
import { useCrudText } from '../../crud/i18n';
import { checkedKeysOf, splitIds, type TreeOption, treeOptions } from '../../crud/tree';
import type { Language } from '../../i18n';

/** Menu nodes as tree options labelled in the language: the Chinese name, or the English alias. */
export function menuTreeOptions(menus: readonly Row[], language: Language): TreeOption[] {
  return treeOptions(menus, language === 'en' ? 'alias' : 'title');
}

export interface MenuTreeCheckProps {
  /** Menu nodes as the grant trees answer them (`title` and `alias`, nested `children`). */
  menus: Row[] | undefined;
  /** Chosen ids, parents included (as stored); a comma-joined string is read too. */
  value?: unknown;
  onChange?: (ids: string[]) => void;
  disabled?: boolean;
}

/**
 * A checkable menu tree whose value holds the checked and half-checked ids, as roles, top menus and
 * packages store them. See checkedKeysOf for how stored folders are shown.
 */
export function MenuTreeCheck({ menus, value, onChange, disabled }: MenuTreeCheckProps) {
  const { language } = useCrudText();
  const tree = useMemo(() => menus && menuTreeOptions(menus, language), [menus, language]);
  if (!tree) return <Spin />;
  return (
    <div style={{ maxHeight: 420, overflow: 'auto', border: '1px solid rgba(5,5,5,0.06)', padding: 8 }}>
      <Tree
        checkable
        disabled={disabled}
        treeData={tree}
        defaultExpandAll
        selectable={false}
        checkedKeys={checkedKeysOf(tree, splitIds(value))}
        onCheck={(checked, info) => {
          const keys = Array.isArray(checked) ? checked : checked.checked;
          onChange?.([...keys, ...(info.halfCheckedKeys ?? [])].map(String));
        }}
      />
    </div>
  );
}
