import { useQuery } from '@tanstack/react-query';
import { Card, Spin, Tree } from 'antd';
import { useCrudText } from '../../crud/i18n';
import { queryClient } from '../../shell/queryClient';
import { deptTree } from './systemApi';

const deptTreeQuery = { queryKey: ['dept-tree'], queryFn: deptTree };

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
