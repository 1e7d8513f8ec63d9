import type { PermissionCode, ResourceDef } from '@blade/schema';
import type { Row } from '../../crud/fields';
import type { MessageKey } from '../../i18n';
import type { WorkList } from '../flow/flowApi';
import { type Column, listResource } from '../flow/listResource';

const TASK: Column[] = [
  ['processName', '流程名称', 'Process'],
  ['name', '当前环节', 'Task'],
  ['starterName', '发起人', 'Started by'],
  ['createTime', '创建时间', 'Created', 'datetime'],
];

const COLUMNS: Record<WorkList, Column[]> = {
  start: [
    ['name', '流程名称', 'Process'],
    ['processKey', '流程标识', 'Key'],
    ['version', '版本', 'Version', 'int'],
    ['category', '流程分类', 'Category', 'enum', 'flow'],
  ],
  claim: TASK,
  todo: TASK,
  send: [
    ['name', '流程名称', 'Process'],
    ['stateName', '状态', 'State'],
    ['currentActivities', '当前环节', 'Current task'],
    ['startTime', '开始时间', 'Started', 'datetime'],
    ['endTime', '结束时间', 'Ended', 'datetime'],
  ],
  done: [
    ['processName', '流程名称', 'Process'],
    ['name', '办理环节', 'Task'],
    ['approved', '审批结果', 'Outcome'],
    ['comment', '审批意见', 'Comment'],
    ['endTime', '办结时间', 'Completed', 'datetime'],
  ],
};

const LABELS: Record<WorkList, { zh: string; en: string }> = {
  start: { zh: '发起事务', en: 'Start Process' },
  claim: { zh: '待签事务', en: 'To Claim' },
  todo: { zh: '待办事务', en: 'To Do' },
  send: { zh: '已发事务', en: 'Sent' },
  done: { zh: '办结事务', en: 'Done' },
};

/** The list page declaration of each work list (module constants: the generic page wants them stable). */
export const workResources: Record<WorkList, ResourceDef> = {
  start: listResource('work-start', LABELS.start, COLUMNS.start),
  claim: listResource('work-claim', LABELS.claim, COLUMNS.claim),
  todo: listResource('work-todo', LABELS.todo, COLUMNS.todo),
  send: listResource('work-send', LABELS.send, COLUMNS.send),
  done: listResource('work-done', LABELS.done, COLUMNS.done),
};

/** The button codes of the work screens (server menu-tree.ts): `work_<list>_<action>`. */
export const workCode = (
  list: WorkList,
  action: 'flow' | 'sign' | 'handle' | 'detail' | 'follow',
): PermissionCode =>
  // composed: a list holds only some of the actions, and the seed has exactly those codes
  `work_${list}_${action}` as PermissionCode;

/** The process instance a row belongs to: tasks name it, the sent list's rows are instances. */
export const instanceIdOf = (list: WorkList, row: Row): string =>
  String((list === 'send' ? row.id : row.instanceId) ?? '');

const STATES: Record<string, MessageKey> = {
  running: 'work.state.running',
  completed: 'work.state.completed',
  deleted: 'work.state.deleted',
};

/** The label key of an instance state (running, completed, deleted). */
export const stateKey = (state: unknown): MessageKey | undefined =>
  typeof state === 'string' ? STATES[state] : undefined;
