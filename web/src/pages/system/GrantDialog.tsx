import type { ReactNode } from 'react';
import { useCrudText } from '../../crud/i18n';
import { SubmitModal } from '../../crud/SubmitModal';
import { useSubmit } from '../../crud/useSubmit';

interface GrantDialogProps {
  title: string;
  open: boolean;
  width: number;
  /** Sends what is checked; a failure keeps the dialog open (the HTTP client shows why). */
  grant: () => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}

/** A dialog of checked menus or scopes (role grant, top menu setting): 提交 grants them, toasts and closes. */
export function GrantDialog({ grant, onClose, children, ...modal }: GrantDialogProps) {
  const { t } = useCrudText();
  const { saving, submit } = useSubmit(t('operationSuccess'), onClose);
  return (
    <SubmitModal {...modal} saving={saving} onSubmit={() => void submit(grant)} onClose={onClose}>
      {children}
    </SubmitModal>
  );
}
