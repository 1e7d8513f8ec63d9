import { Descriptions, Modal } from 'antd';
import type { Row } from '../../crud/fields';
import { useT } from '../../i18n';
import { DecisionForm } from './DecisionForm';

/** The generic handling of a task of a process without its own pages: approve or reject with a comment. */
export function CompleteDialog({
  task,
  onClose,
  onDone,
}: {
  task: Row;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  return (
    <Modal open title={t('work.handle')} footer={null} onCancel={onClose} destroyOnHidden>
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('work.process')}>{String(task.processName ?? '')}</Descriptions.Item>
        <Descriptions.Item label={t('work.task')}>{String(task.name ?? '')}</Descriptions.Item>
      </Descriptions>
      <DecisionForm taskId={String(task.id)} onDone={onDone} />
    </Modal>
  );
}
