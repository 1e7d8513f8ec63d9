import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { logoutCall, registerGuest } from '../../api/auth';
import { logout } from '../../app/session';
import { useT } from '../../i18n';
import { AntProvider } from '../AntProvider';
import { checkRegistration, type RegisterForm } from './registerCheck';

interface Props {
  oauthId: string;
  /** The third-party sign-in's access token (not stored as a session). */
  token: string;
  tenantId: string;
  /** The tenant comes from the address (or tenant mode is off): the tenant field is hidden. */
  tenantFromAddress: boolean;
  onDone: () => void;
}

function RegisterModal({ oauthId, token, tenantId, tenantFromAddress, onDone }: Props) {
  const t = useT();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<RegisterForm>();
  const [loading, setLoading] = useState(false);

  const submit = async () => {
    const raw: Partial<RegisterForm> = form.getFieldsValue();
    const values: RegisterForm = {
      tenantId: raw.tenantId ?? tenantId,
      name: raw.name ?? '',
      account: raw.account ?? '',
      password: raw.password ?? '',
      password2: raw.password2 ?? '',
    };
    const problem = checkRegistration(values);
    if (problem) {
      void message.warning(t(problem));
      return;
    }
    setLoading(true);
    try {
      const res = await registerGuest(values, oauthId, token);
      if (!res?.success) {
        void message.error(res?.msg || t('common.submitFailed'));
        return;
      }
      modal.success({
        title: t('register.title'),
        content: t('register.submitted'),
        okText: t('common.ok'),
        onOk: async () => {
          await logoutCall(token).catch(() => {});
          await logout();
          onDone();
        },
      });
    } catch {
      void message.error(t('common.submitFailed'));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal
      title={t('register.title')}
      open
      width="20%"
      style={{ minWidth: 320 }}
      mask={{ closable: false }}
      closable={false}
      confirmLoading={loading}
      okText={t('common.submit')}
      cancelButtonProps={{ style: { display: 'none' } }}
      onOk={() => void submit()}
    >
      <Form form={form} layout="vertical" initialValues={{ tenantId }}>
        {tenantFromAddress ? null : (
          <Form.Item name="tenantId" label={t('register.tenantId')}>
            <Input />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('register.name')}>
          <Input />
        </Form.Item>
        <Form.Item name="account" label={t('register.account')}>
          <Input />
        </Form.Item>
        <Form.Item name="password" label={t('register.password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="password2" label={t('register.password2')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Account registration for a third-party user awaiting approval (spec §4, §5, §8). */
export default function RegisterDialog(props: Props) {
  return (
    <AntProvider>
      <RegisterModal {...props} />
    </AntProvider>
  );
}
