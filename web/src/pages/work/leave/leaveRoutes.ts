import { LEAVE_PROCESS_KEY } from '@blade/schema/rules';
import type { Row } from '../../../crud/fields';
import type { WorkList } from '../../flow/flowApi';

/** The route of a work list's menu page (menu leaves get /index). */
export const workListPath = (list: WorkList): string => `/work/${list}/index`;

const part = (v: string): string => encodeURIComponent(v);

export const leaveFormPath = (processDefinitionId: string): string =>
  `/work/process/leave/form/${part(processDefinitionId)}`;

export const leaveHandlePath = (taskId: string, processInstanceId: string, businessId: string): string =>
  `/work/process/leave/handle/${part(taskId)}/${part(processInstanceId)}/${part(businessId)}`;

export const leaveDetailPath = (processInstanceId: string, businessId: string): string =>
  `/work/process/leave/detail/${part(processInstanceId)}/${part(businessId)}`;

/** Whether a work-list row belongs to a leave request (and so has the leave pages). */
export const isLeave = (row: Row): boolean => row.processKey === LEAVE_PROCESS_KEY && !!row.businessKey;
