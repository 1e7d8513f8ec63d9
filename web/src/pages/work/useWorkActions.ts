import { LEAVE_PROCESS_KEY } from '@blade/schema/rules';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import type { Row } from '../../crud/fields';
import { useCrudText } from '../../crud/i18n';
import { useT } from '../../i18n';
import { flowApi } from '../flow/flowApi';
import { useConfirm } from '../flow/useConfirm';
import { isLeave, leaveDetailPath, leaveFormPath, leaveHandlePath, workListPath } from './leave/leaveRoutes';

/** What the work lists' buttons do; pages that need a dialog are told through `onGeneric`. */
export function useWorkActions() {
  const t = useT();
  const crud = useCrudText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const confirm = useConfirm();
  return {
    /** The leave request opens its form; other processes start at once after a confirmation. */
    start: (row: Row) => {
      if (row.processKey === LEAVE_PROCESS_KEY) {
        navigate(leaveFormPath(String(row.id)));
        return;
      }
      confirm({
        content: t('work.confirmStart', { name: String(row.name ?? '') }),
        success: t('work.started'),
        action: () => flowApi.start(String(row.id)),
        done: () => navigate(workListPath('send')),
      });
    },
    claim: async (row: Row, reload: () => void) => {
      try {
        await flowApi.claim(String(row.id));
        void message.success(crud.t('operationSuccess'));
        reload();
      } catch {
        // shown by the HTTP client
      }
    },
    /** Leave tasks open the handle page; other tasks the generic approve/reject dialog. */
    handle: (row: Row, onGeneric: (row: Row) => void) => {
      if (isLeave(row))
        navigate(leaveHandlePath(String(row.id), String(row.instanceId), String(row.businessKey)));
      else onGeneric(row);
    },
    detail: (processInstanceId: string, row: Row) =>
      navigate(leaveDetailPath(processInstanceId, String(row.businessKey))),
  };
}
