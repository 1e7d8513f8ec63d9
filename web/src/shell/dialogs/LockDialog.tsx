import { Form, Input, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { website } from '../../config';
import { useT } from '../../i18n';
import { lockScreen } from '../../store/lockPassword';

/** Asks for a lock password, sets the lock and goes to the lock page. */
export function LockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ password: string }>();
  return (
    <Modal
      title={t('lock.title')}
      open={open}
      width={420}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" className="lock-scope">
        {t('lock.scope')}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={({ password }) => {
          lockScreen(password);
          onClose();
          navigate(website.lockPage);
        }}
      >
        <Form.Item
          name="password"
          label={t('lock.password')}
          rules={[{ required: true, message: t('lock.passwordRequired') }]}
        >
          <Input.Password autoFocus autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
