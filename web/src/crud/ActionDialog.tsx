import { Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useCrudText } from './i18n';
import { SubmitModal } from './SubmitModal';
import { useSubmit } from './useSubmit';

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
  const { saving, submit } = useSubmit(t('operationSuccess'), () => {
    onSaved?.();
    onClose();
  });

  const validateAndSave = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) await submit(() => save(values));
  };

  return (
    <SubmitModal
      title={title}
      open={open}
      width={width}
      saving={saving}
      onSubmit={validateAndSave}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initialValues}>
        {children}
      </Form>
    </SubmitModal>
  );
}
