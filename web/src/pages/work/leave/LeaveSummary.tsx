import { Descriptions, Skeleton } from 'antd';
import { optionLabel } from '../../../crud/dictionary';
import { useT } from '../../../i18n';
import { stateKey } from '../workLists';
import { useLeave, useLeaveTypes } from './useLeave';

/** The leave request, read-only. */
export function LeaveSummary({ businessId }: { businessId: string | undefined }) {
  const t = useT();
  const types = useLeaveTypes();
  const { data } = useLeave(businessId);
  if (!data) return <Skeleton active />;
  const state = stateKey(data.processState);
  return (
    <Descriptions className="leave-summary" size="small" bordered column={2}>
      <Descriptions.Item label={t('leave.type')}>{optionLabel(types, data.leaveType)}</Descriptions.Item>
      <Descriptions.Item label={t('leave.days')}>
        {t('leave.daysValue', { days: data.days })}
      </Descriptions.Item>
      <Descriptions.Item label={t('leave.startTime')}>{data.startTime}</Descriptions.Item>
      <Descriptions.Item label={t('leave.endTime')}>{data.endTime}</Descriptions.Item>
      <Descriptions.Item label={t('leave.reason')} span={2}>
        {data.reason}
      </Descriptions.Item>
      <Descriptions.Item label={t('leave.state')}>{state ? t(state) : ''}</Descriptions.Item>
      <Descriptions.Item label={t('leave.current')}>{data.currentActivities ?? ''}</Descriptions.Item>
    </Descriptions>
  );
}
