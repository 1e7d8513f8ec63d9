import { useQuery } from '@tanstack/react-query';
import { App, Form, Modal, TreeSelect } from 'antd';
import { useState } from 'react';
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
  const { message } = App.useApp();
  const [form] = Form.useForm<{ roleIds: string[] }>();
  const [saving, setSaving] = useState(false);
  const roles = useQuery({ queryKey: ['role-tree'], queryFn: roleTree, enabled: userIds !== null });

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !userIds) return;
    setSaving(true);
    try {
      await grantUserRoles(userIds.join(','), values.roleIds.join(','));
      void message.success(t('operationSuccess'));
      onSaved();
      onClose();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('grantRoles')}
      open={userIds !== null}
      maskClosable={false}
      destroyOnHidden
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      okText={t('submit')}
      cancelText={t('cancel')}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="roleIds" label={t('roles')} rules={[{ required: true, message: t('chooseRoles') }]}>
          <TreeSelect
            multiple
            treeDefaultExpandAll
            treeData={roles.data ?? []}
            placeholder={t('chooseRoles')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
