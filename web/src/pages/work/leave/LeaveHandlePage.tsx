import { LEAVE_ADJUST_ACTIVITY } from '@blade/schema/rules';
import { Card } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useT } from '../../../i18n';
import { FlowHistoryView } from '../../flow/FlowHistoryView';
import { useFlowHistory } from '../../flow/useFlowHistory';
import { DecisionForm } from '../DecisionForm';
import { LeaveSummary } from './LeaveSummary';
import { workListPath } from './leaveRoutes';

/** /work/process/leave/handle/{taskId}/{processInstanceId}/{businessId}: decides a leave task. */
export default function LeaveHandlePage() {
  const t = useT();
  const navigate = useNavigate();
  const { taskId = '', processInstanceId, businessId } = useParams();
  const { data } = useFlowHistory(processInstanceId);
  // the applicant's own step after a rejection offers resubmit or withdraw
  const isAdjust = data?.currentActivityIds.includes(LEAVE_ADJUST_ACTIVITY) ?? false;
  return (
    <div className="leave-handle">
      <Card size="small" title={t('route.leaveHandle')} style={{ marginBottom: 12 }}>
        <LeaveSummary businessId={businessId} />
      </Card>
      <Card size="small" title={t('work.decision')} style={{ marginBottom: 12 }}>
        <DecisionForm
          key={taskId}
          taskId={taskId}
          kind={isAdjust ? 'adjust' : 'approval'}
          onDone={() => navigate(workListPath('todo'))}
        />
      </Card>
      <FlowHistoryView processInstanceId={processInstanceId} />
    </div>
  );
}
