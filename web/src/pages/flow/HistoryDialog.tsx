import { Modal } from 'antd';
import { useT } from '../../i18n';
import { FlowHistoryView } from './FlowHistoryView';

/** The follow (history) dialog of the follow-up and work lists. */
export function HistoryDialog({
  processInstanceId,
  onClose,
}: {
  processInstanceId: string | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Modal
      open={!!processInstanceId}
      title={t('flow.follow')}
      width={1000}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
    >
      {processInstanceId && <FlowHistoryView processInstanceId={processInstanceId} />}
    </Modal>
  );
}
