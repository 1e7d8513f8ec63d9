import { Modal, type ModalProps } from 'antd';
import { useCrudText } from './i18n';

export interface SubmitModalProps extends Omit<ModalProps, 'confirmLoading' | 'onOk' | 'onCancel'> {
  saving: boolean;
  onSubmit: () => void;
  onClose: () => void;
}

/**
 * The frame of a dialog that saves: 提交 and 取消, the OK button loading while it saves, no closing
 * by a click beside it, the content dropped when hidden. A dialog may override these (a danger OK).
 */
export function SubmitModal({ saving, onSubmit, onClose, ...modal }: SubmitModalProps) {
  const { t } = useCrudText();
  return (
    <Modal
      mask={{ closable: false }}
      destroyOnHidden
      okText={t('submit')}
      cancelText={t('cancel')}
      {...modal}
      confirmLoading={saving}
      onOk={onSubmit}
      onCancel={onClose}
    />
  );
}
