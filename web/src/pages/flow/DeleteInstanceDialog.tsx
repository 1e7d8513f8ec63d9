import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useCrudText } from '../../crud/i18n';
import { useT } from '../../i18n';
import { flowApi } from './flowApi';

/** Ends a running instance with the reason the history keeps. */
export function DeleteInstanceDialog({
  processInstanceId,
  onClose,
  onDeleted,
}: {
  processInstanceId: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const crud = useCrudText();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      await flowApi.deleteInstance(processInstanceId, reason);
      void message.success(crud.t('deleteSuccess'));
      onDeleted();
    } catch {
      // shown by the HTTP client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('flow.deleteInstance')}
      okText={crud.t('ok')}
      cancelText={crud.t('cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('flow.deleteReason')}
          rules={[{ required: true, whitespace: true, message: t('flow.deleteReasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
