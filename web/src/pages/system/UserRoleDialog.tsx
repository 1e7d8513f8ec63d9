import { useQuery } from '@tanstack/react-query';
import { Form, TreeSelect } from 'antd';
import { ActionDialog } from '../../crud/ActionDialog';
import { useCrudText } from '../../crud/i18n';
import { grantUserRoles, roleTree } from './systemApi';

/** Gives the selected users a set of roles (user_role). */
export function UserRoleDialog({
  userIds,
  onClose,
  onSaved,
}: {
  userIds: string[] | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useCrudText();
  const [form] = Form.useForm<{ roleIds: string[] }>();
  const roles = useQuery({ queryKey: ['role-tree'], queryFn: roleTree, enabled: userIds !== null });

  return (
    <ActionDialog
      title={t('grantRoles')}
      open={userIds !== null}
      form={form}
      save={(values) => grantUserRoles((userIds ?? []).join(','), values.roleIds.join(','))}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="roleIds" label={t('roles')} rules={[{ required: true, message: t('chooseRoles') }]}>
        <TreeSelect
          multiple
          treeDefaultExpandAll
          treeData={roles.data ?? []}
          placeholder={t('chooseRoles')}
        />
      </Form.Item>
    </ActionDialog>
  );
}
