import { useQuery } from '@tanstack/react-query';
import { flowApi } from './flowApi';

/** An instance's history and diagram (history-flow-list). */
export const useFlowHistory = (processInstanceId: string | undefined) =>
  useQuery({
    queryKey: ['flow-history', processInstanceId],
    queryFn: () => flowApi.history(processInstanceId ?? ''),
    enabled: !!processInstanceId,
  });
