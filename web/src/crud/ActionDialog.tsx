import { App, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useCrudText } from './i18n';

export interface ActionDialogProps<V> {
  title: ReactNode;
  open: boolean;
  form: FormInstance<V>;
  /** Sends the validated values; a failure keeps the dialog open (the HTTP client shows why). */
  save: (values: V) => Promise<unknown>;
  onClose: () => void;
  onSaved?: () => void;
  width?: number;
  initialValues?: Partial<V>;
  children: ReactNode;
}

/**
 * A dialog with a form whose OK button saves: validation, the loading state (released on
 * failure), the success toast, then close. The system screens' one-off actions (grant roles,
 * tenant settings, platform, package) share it instead of repeating the steps.
 */
export function ActionDialog<V>({
  title,
  open,
  form,
  save,
  onClose,
  onSaved,
  width,
  initialValues,
  children,
}: ActionDialogProps<V>) {
  const { t } = useCrudText();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await save(values);
      void message.success(t('operationSuccess'));
      onSaved?.();
      onClose();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={title}
      open={open}
      width={width}
      maskClosable={false}
      destroyOnHidden
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      okText={t('submit')}
      cancelText={t('cancel')}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initialValues}>
        {children}
      </Form>
    </Modal>
  );
}
