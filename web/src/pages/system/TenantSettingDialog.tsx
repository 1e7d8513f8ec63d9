import { App, DatePicker, Form, InputNumber, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useCrudText } from '../../crud/i18n';
import { tenantSetting } from './systemApi';

interface SettingForm {
  accountNumber: number;
  expireTime?: Dayjs | null;
}

/** Account limit and expiry time of the selected tenants (tenant_setting). */
export function TenantSettingDialog({
  ids,
  onClose,
  onSaved,
}: {
  ids: string[] | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useCrudText();
  const { message } = App.useApp();
  const [form] = Form.useForm<SettingForm>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !ids) return;
    setSaving(true);
    try {
      await tenantSetting(
        ids.join(','),
        values.accountNumber,
        values.expireTime?.format('YYYY-MM-DD HH:mm:ss'),
      );
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
      title={t('tenantSetting')}
      open={ids !== null}
      maskClosable={false}
      destroyOnHidden
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      okText={t('submit')}
      cancelText={t('cancel')}
    >
      <Form form={form} layout="vertical" initialValues={{ accountNumber: -1 }} preserve={false}>
        <Form.Item
          name="accountNumber"
          label={t('accountNumber')}
          extra={t('accountNumberTip')}
          rules={[{ required: true }]}
        >
          <InputNumber min={-1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="expireTime" label={t('expireTime')}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
