import { Button, Tag } from 'antd';
import { useCallback, useState } from 'react';
import type { Params } from '../../api/http';
import { type CrudContext, CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/fields';
import { useT } from '../../i18n';
import { flowApi, type WorkList } from '../flow/flowApi';
import { HistoryDialog } from '../flow/HistoryDialog';
import { outcomeOf } from '../flow/history';
import { CompleteDialog } from './CompleteDialog';
import { isLeave } from './leave/leaveRoutes';
import { useWorkActions } from './useWorkActions';
import { instanceIdOf, stateKey, workCode, workResources } from './workLists';

/** One of the personal work lists with its buttons: start, claim, handle, detail, follow. */
export function WorkListPage({ list }: { list: WorkList }) {
  const t = useT();
  const actions = useWorkActions();
  const load = useCallback((params: Params) => flowApi.work(list, params), [list]);
  const [history, setHistory] = useState<string | null>(null);
  const [generic, setGeneric] = useState<{ task: Row; reload: () => void } | null>(null);

  const link = (key: string, label: string, onClick: () => void) => (
    <Button key={key} type="link" size="small" className={`work-${key}`} onClick={onClick}>
      {label}
    </Button>
  );
  const buttons = (row: Row, { access, reload }: CrudContext) => {
    const can = (action: Parameters<typeof workCode>[1]) => access.has(workCode(list, action));
    const instance = instanceIdOf(list, row);
    return [
      list === 'start' && can('flow') && link('start', t('work.start'), () => actions.start(row)),
      list === 'claim' && can('sign') && link('sign', t('work.claim'), () => void actions.claim(row, reload)),
      list === 'todo' &&
        can('handle') &&
        link('handle', t('work.handle'), () => actions.handle(row, (task) => setGeneric({ task, reload }))),
      list !== 'start' &&
        can('detail') &&
        isLeave(row) &&
        link('detail', t('work.detail'), () => actions.detail(instance, row)),
      list !== 'start' && can('follow') && link('follow', t('flow.follow'), () => setHistory(instance)),
    ];
  };

  return (
    <>
      <CrudPage
        resource={workResources[list]}
        list={{ load }}
        table={{
          cells: () => ({
            stateName: (value) => {
              const key = stateKey(value);
              return key ? (
                <Tag color={value === 'running' ? 'blue' : 'default'}>{t(key)}</Tag>
              ) : (
                String(value ?? '')
              );
            },
            approved: (value) => {
              const outcome = outcomeOf(value);
              return outcome ? t(outcome === 'approved' ? 'work.approved' : 'work.rejected') : '';
            },
          }),
          rowActions: buttons,
        }}
      />
      <HistoryDialog processInstanceId={history} onClose={() => setHistory(null)} />
      {generic && (
        <CompleteDialog
          task={generic.task}
          onClose={() => setGeneric(null)}
          onDone={() => {
            generic.reload();
            setGeneric(null);
          }}
        />
      )}
    </>
  );
}
