import { Button } from 'antd';
import { useState } from 'react';
import { CrudPage } from '../../crud/CrudPage';
import { useT } from '../../i18n';
import { DeleteInstanceDialog } from './DeleteInstanceDialog';
import { flowApi } from './flowApi';
import { HistoryDialog } from './HistoryDialog';
import { listResource } from './listResource';

const running = listResource('follow', { zh: '流程跟踪', en: 'Follow-up' }, [
  ['name', '流程名称', 'Process'],
  ['processKey', '流程标识', 'Key'],
  ['businessKey', '业务编号', 'Business key'],
  ['starterName', '发起人', 'Started by'],
  ['startTime', '开始时间', 'Started', 'datetime'],
  ['currentActivities', '当前节点', 'Current activities'],
]);

/** Running instances: their history, and deleting one with a reason. */
export default function FollowPage() {
  const t = useT();
  const [history, setHistory] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ id: string; reload: () => void } | null>(null);
  return (
    <>
      <CrudPage
        resource={running}
        list={{ load: flowApi.running }}
        table={{
          rowActions: (row, { access, text, reload }) => (
            <>
              {access.has('follow_view') && (
                <Button type="link" size="small" onClick={() => setHistory(String(row.id))}>
                  {t('flow.follow')}
                </Button>
              )}
              {access.has('follow_delete') && (
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => setRemoving({ id: String(row.id), reload })}
                >
                  {text.t('delete')}
                </Button>
              )}
            </>
          ),
        }}
      />
      <HistoryDialog processInstanceId={history} onClose={() => setHistory(null)} />
      {removing && (
        <DeleteInstanceDialog
          processInstanceId={removing.id}
          onClose={() => setRemoving(null)}
          onDeleted={() => {
            removing.reload();
            setRemoving(null);
          }}
        />
      )}
    </>
  );
}
