import { useQuery } from '@tanstack/react-query';
import { Card, Spin, Tree } from 'antd';
import { useCrudText } from '../../crud/i18n';
import { resourceNamed } from '../../crud/registry';
import { pickerQuery } from '../../crud/useRefOptions';
import { queryClient } from '../../shell/queryClient';

/**
 * The departments as the user form's department picker reads them: one call serves both, and a
 * change to the departments refreshes the tree (see resourceChanged).
 */
const deptTreeQuery = pickerQuery(resourceNamed('dept'));

/** Starts loading the tree before the page shows (see crud/prefetch). */
export const prefetchDeptTree = (): void => void queryClient.prefetchQuery(deptTreeQuery);

/** The department tree beside the user list; choosing a department narrows the list to it and below. */
export function DeptTree({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const { t } = useCrudText();
  const tree = useQuery(deptTreeQuery);
  return (
    <Card size="small" title={t('deptTree')} className="user-dept-tree">
      {tree.isLoading ? (
        <Spin />
      ) : (
        <Tree
          blockNode
          defaultExpandAll
          treeData={tree.data ?? []}
          selectedKeys={value ? [value] : []}
          onSelect={(keys) => onChange(keys[0] === undefined ? undefined : String(keys[0]))}
        />
      )}
    </Card>
  );
}
