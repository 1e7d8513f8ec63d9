import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { getData } from '../../api/http';
import { type MessageKey, useT } from '../../i18n';
import type { PhoneProblem } from '../../util/validate';
import { checkPhones, parseSmsParams, splitPhones } from './smsInput';

interface SendForm {
  phones: string;
  params: string;
  code?: string;
}

const PHONE_MESSAGES: Record<PhoneProblem, MessageKey> = {
  empty: 'phone.empty',
  length: 'phone.length',
  format: 'phone.format',
};

/** The 发送短信 dialog: numbers checked here before anything is sent, then send-message. */
export function SendSmsDialog({
  open,
  onClose,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  onSent: () => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<SendForm>();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSending(true);
    try {
      await getData('/blade-resource/sms/endpoint/send-message', {
        method: 'POST',
        body: {
          code: values.code?.trim() || undefined,
          phones: splitPhones(values.phones).join(','),
          params: parseSmsParams(values.params ?? '') ?? {},
        },
      });
      void message.success(t('sms.sent'));
      form.resetFields();
      onSent();
      onClose();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      title={t('sms.send')}
      open={open}
      onOk={send}
      onCancel={onClose}
      confirmLoading={sending}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="sms-send" initialValues={{ params: '{}' }}>
        <Form.Item
          name="phones"
          label={t('sms.phones')}
          extra={t('sms.phonesTip')}
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const problem = checkPhones(value ?? '');
                return problem ? Promise.reject(new Error(t(PHONE_MESSAGES[problem]))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item
          name="params"
          label={t('sms.params')}
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                parseSmsParams(value ?? '')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('sms.paramsInvalid'))),
            },
          ]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="code" label={t('sms.code')} extra={t('sms.codeTip')}>
          <Input allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
