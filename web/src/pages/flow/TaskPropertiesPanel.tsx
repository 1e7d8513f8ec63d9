import { Empty, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import {
  type ElementLike,
  isUserTask,
  type ModelingLike,
  readAssignment,
  type TaskAssignment,
  writeAssignment,
} from './taskAttributes';

// biome-ignore lint/suspicious/noTemplateCurlyInString: a process expression shown as an example
const STARTER_EXPRESSION = '${starterId}';

/**
 * The properties of the selected user task: assignee and candidate groups, written on the task as
 * flowable:assignee / flowable:candidateGroups when a field loses focus.
 */
export function TaskPropertiesPanel({
  element,
  modeling,
  revision,
}: {
  element: ElementLike | null;
  modeling: ModelingLike | null;
  /** Changes when the diagram changed, so the fields re-read the task. */
  revision: number;
}) {
  const t = useT();
  const [value, setValue] = useState<TaskAssignment>({ assignee: '', candidateGroups: '' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: revision signals a change inside the element
  useEffect(() => {
    if (element && isUserTask(element)) setValue(readAssignment(element));
  }, [element, revision]);

  if (!element || !isUserTask(element) || !modeling)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('flow.selectUserTask')} />;

  // writes only a real change, so leaving a field does not add an empty undo step
  const commit = () => {
    const now = readAssignment(element);
    if (now.assignee !== value.assignee || now.candidateGroups !== value.candidateGroups)
      writeAssignment(modeling, element, value);
  };
  const fields = [
    {
      key: 'assignee',
      id: 'flow-task-assignee',
      label: t('flow.taskAssignee'),
      extra: t('flow.taskAssigneeTip', { example: STARTER_EXPRESSION }),
    },
    {
      key: 'candidateGroups',
      id: 'flow-task-groups',
      label: t('flow.candidateGroups'),
      extra: t('flow.candidateGroupsTip'),
    },
  ] as const;
  return (
    <Form layout="vertical" size="small" className="flow-task-panel">
      <Typography.Text type="secondary">
        {t('flow.userTask')}: {element.id}
      </Typography.Text>
      {fields.map((f) => (
        <Form.Item key={f.key} label={f.label} extra={f.extra} style={{ marginTop: 8 }}>
          <Input
            id={f.id}
            value={value[f.key]}
            onChange={(e) => setValue({ ...value, [f.key]: e.target.value })}
            onBlur={commit}
            onPressEnter={commit}
          />
        </Form.Item>
      ))}
    </Form>
  );
}
