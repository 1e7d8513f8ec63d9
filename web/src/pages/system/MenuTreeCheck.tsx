import { Spin, Tree } from 'antd';
import { checkedKeysOf, splitIds, type TreeOption } from '../../crud/tree';

export interface MenuTreeCheckProps {
  tree: TreeOption[] | undefined;
  /** Chosen ids, parents included (as stored); a comma-joined string is read too. */
  value?: unknown;
  onChange?: (ids: string[]) => void;
  disabled?: boolean;
}

/**
 * A checkable menu tree whose value holds the checked and half-checked ids, as roles, top menus and
 * packages store them. See checkedKeysOf for how stored folders are shown.
 */
export function MenuTreeCheck({ tree, value, onChange, disabled }: MenuTreeCheckProps) {
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
