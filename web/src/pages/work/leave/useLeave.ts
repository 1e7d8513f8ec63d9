import type { FieldDef } from '@blade/schema';
import { useQuery } from '@tanstack/react-query';
import { useDictionary } from '../../../crud/useDictionary';
import { flowApi } from '../../flow/flowApi';

const LEAVE_TYPE: FieldDef = {
  name: 'leaveType',
  type: 'int',
  label: { zh: '请假类型', en: 'Leave type' },
  dict: 'leave_type',
};

/** The options of the leave_type dictionary (values are numbers, as the server stores them). */
export const useLeaveTypes = () => useDictionary(LEAVE_TYPE);

/** A leave request (leave/detail). */
export const useLeave = (businessId: string | undefined) =>
  useQuery({
    queryKey: ['leave', businessId],
    queryFn: () => flowApi.leave(businessId ?? ''),
    enabled: !!businessId,
  });
