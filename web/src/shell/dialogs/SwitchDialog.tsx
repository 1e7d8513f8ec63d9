import { useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { deptSelect, roleSelect } from '../../api/user';
import { loadMenu } from '../../app/loadMenu';
import { refreshSession } from '../../app/session';
import { useT } from '../../i18n';
import { useSession } from '../../store/session';

interface SwitchForm {
  deptId: string;
  roleId: string;
}

/** Switches department and role by refreshing the token with Dept-Id and Role-Id. */
export function SwitchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const user = useSession((s) => s.userInfo);
  const userId = user?.userId ?? '';
  const [form] = Form.useForm<SwitchForm>();
  const depts = useQuery({
    queryKey: ['dept-select', userId],
    queryFn: () => deptSelect(userId),
    enabled: open,
  });
  const roles = useQuery({
    queryKey: ['role-select', userId],
    queryFn: () => roleSelect(userId),
    enabled: open,
  });

  const submit = async (values: SwitchForm) => {
    try {
      await refreshSession(values);
      await loadMenu(useSession.getState().topMenuId).catch(() => {});
      void message.success(t('common.success'));
      onClose();
    } catch (e) {
      void message.error(e instanceof Error ? e.message : t('common.unknownError'));
    }
  };

  return (
    <Modal
      title={t('switch.title')}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ deptId: user?.deptId || undefined, roleId: user?.roleId || undefined }}
        onFinish={submit}
      >
        <Form.Item
          name="deptId"
          label={t('switch.dept')}
          rules={[{ required: true, message: t('switch.deptRequired') }]}
        >
          <Select
            allowClear
            loading={depts.isLoading}
            options={(depts.data ?? []).map((d) => ({ value: String(d.id), label: d.deptName }))}
          />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('switch.role')}
          rules={[{ required: true, message: t('switch.roleRequired') }]}
        >
          <Select
            allowClear
            loading={roles.isLoading}
            options={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.roleName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
