import type { Page } from '@blade/schema';
import { getData, type Params } from '../../api/http';
import type { ListAnswer } from '../../crud/api';
import type { Row } from '../../crud/fields';

const FLOW = '/blade-flow';
const LEAVE = '/blade-desk/process/leave';

/** A page of rows as the generic list page wants it. */
async function pageOf(url: string, params: Params): Promise<ListAnswer> {
  const data = await getData<Page<Row> | null>(url, { params });
  return { rows: data?.records ?? [], total: data?.total ?? 0 };
}

const post = <T = null>(url: string, body: unknown): Promise<T> => getData<T>(url, { method: 'POST', body });

/** A model as the designer edits it. */
export interface ModelInput {
  id?: string;
  modelKey: string;
  name: string;
  category?: string;
  description?: string;
  xml: string;
}

/** One activity of an instance's history. */
export interface HistoryEntry {
  activityId: string;
  activityName: string | null;
  activityType: string | null;
  assigneeId: string | null;
  assignee: string | null;
  comment: string | null;
  startTime: string;
  endTime: string | null;
  durationMs: number | null;
}

/** history-flow-list: the history, the diagram and what it highlights. */
export interface FlowHistory {
  instance: {
    id: string;
    name: string;
    state: string;
    starter: string | null;
    startTime: string;
    endTime: string | null;
  };
  history: HistoryEntry[];
  xml: string;
  finishedActivityIds: string[];
  currentActivityIds: string[];
}

/** A leave request as leave/detail answers it. */
export interface LeaveDetail {
  id: string;
  processDefinitionId: string;
  processInstanceId: string | null;
  applicantId: string;
  leaveType: number;
  startTime: string;
  endTime: string;
  days: number;
  reason: string;
  approverId: string;
  outcome: string | null;
  processState: string | null;
  currentActivities: string | null;
}

export interface LeaveInput {
  processDefinitionId: string;
  leaveType: number;
  startTime: string;
  endTime: string;
  reason: string;
  approverId: string;
}

export interface CompleteInput {
  taskId: string;
  flag: boolean;
  comment: string;
}

/** The work lists of /blade-flow/work. */
export type WorkList = 'start' | 'claim' | 'todo' | 'send' | 'done';

/** Every workflow call of spec §7, typed; pages hold no fetch code. */
export const flowApi = {
  model: (id: string) => getData<Row>(`${FLOW}/model/detail`, { params: { id } }),
  saveModel: (model: ModelInput) => post<{ id: string }>(`${FLOW}/model/submit`, model),
  deployModel: (modelId: string) => post<unknown>(`${FLOW}/model/deploy`, { modelId }),

  deployments: (params: Params) => pageOf(`${FLOW}/manager/list`, params),
  changeState: (processId: string, state: 'active' | 'suspended') =>
    post(`${FLOW}/manager/change-state`, { processId, state }),
  deleteDeployments: (deploymentIds: readonly string[]) =>
    post(`${FLOW}/manager/delete-deployment`, { deploymentIds: deploymentIds.join(',') }),
  upload: (form: FormData) => post<unknown>(`${FLOW}/manager/deploy-upload`, form),

  running: (params: Params) => pageOf(`${FLOW}/follow/list`, params),
  deleteInstance: (processInstanceId: string, deleteReason: string) =>
    post(`${FLOW}/follow/delete-process-instance`, { processInstanceId, deleteReason }),
  history: (processInstanceId: string) =>
    getData<FlowHistory>(`${FLOW}/process/history-flow-list`, { params: { processInstanceId } }),

  work: (list: WorkList, params: Params) => pageOf(`${FLOW}/work/${list}-list`, params),
  claim: (taskId: string) => post(`${FLOW}/work/claim-task`, { taskId }),
  complete: (input: CompleteInput) => post(`${FLOW}/work/complete-task`, input),
  start: (processDefinitionId: string) =>
    post<{ processInstanceId: string }>(`${FLOW}/work/start-process`, { processDefinitionId, variables: {} }),

  startLeave: (input: LeaveInput) =>
    post<{ businessId: string; processInstanceId: string }>(`${LEAVE}/start-process`, input),
  leave: (businessId: string) => getData<LeaveDetail>(`${LEAVE}/detail`, { params: { businessId } }),
};
