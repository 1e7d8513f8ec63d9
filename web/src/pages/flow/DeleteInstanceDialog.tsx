import { Form, Input } from 'antd';
import { useCrudText } from '../../crud/i18n';
import { SubmitModal } from '../../crud/SubmitModal';
import { useSubmit } from '../../crud/useSubmit';
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
  const [form] = Form.useForm<{ reason: string }>();
  const { saving, submit } = useSubmit(crud.t('deleteSuccess'), onDeleted);
  const deleteInstance = async () => {
    // a missing reason shows its message in the form
    const fields = await form.validateFields().catch(() => null);
    if (fields) await submit(() => flowApi.deleteInstance(processInstanceId, fields.reason));
  };
  return (
    <SubmitModal
      open
      title={t('flow.deleteInstance')}
      okText={crud.t('ok')}
      okButtonProps={{ danger: true }}
      mask={{ closable: true }}
      saving={saving}
      onSubmit={() => void deleteInstance()}
      onClose={onClose}
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
    </SubmitModal>
  );
}
