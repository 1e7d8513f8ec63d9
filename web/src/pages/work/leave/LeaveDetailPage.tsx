import { Card } from 'antd';
import { useParams } from 'react-router';
import { useT } from '../../../i18n';
import { FlowHistoryView } from '../../flow/FlowHistoryView';
import { LeaveSummary } from './LeaveSummary';

/** /work/process/leave/detail/{processInstanceId}/{businessId}: the request, its history and diagram. */
export default function LeaveDetailPage() {
  const t = useT();
  const { processInstanceId, businessId } = useParams();
  return (
    <div className="leave-detail">
      <Card size="small" title={t('route.leaveDetail')} style={{ marginBottom: 12 }}>
        <LeaveSummary businessId={businessId} />
      </Card>
      <FlowHistoryView processInstanceId={processInstanceId} />
    </div>
  );
}
