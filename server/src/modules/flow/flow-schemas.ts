import { z } from 'zod';
import { row } from '../../core/route-schema.js';
import { idList, idSchema } from '../../core/validate.js';

/**
 * What the workflow routes take and answer (the route options name these; the same schemas
 * check the request and make the document).
 */

const text = z.string();
const maybeText = z.string().nullable();
const wireTime = z.string().describe('yyyy-MM-dd HH:mm:ss');
const maybeTime = wireTime.nullable();
const maybeId = z.string().nullable();

/** Process variables a client sets: a few named values, each short. */
const variablesSchema = z
  .record(z.string().max(64), z.union([z.string().max(4000), z.number(), z.boolean(), z.null()]))
  .refine((v) => Object.keys(v).length <= 100, 'at most 100 variables');

// ----- inputs ------------------------------------------------------------------------------------

export const deployModelInput = z.object({ modelId: idSchema, category: z.string().max(64).optional() });
export const changeStateInput = z.object({ processId: idSchema, state: z.enum(['active', 'suspended']) });
export const deleteDeploymentInput = z.object({ deploymentIds: idList });
export const deleteInstanceInput = z.object({
  processInstanceId: idSchema,
  deleteReason: z.string().trim().min(1).max(500).default('deleted by an administrator'),
});
export const instanceQuery = z.object({ processInstanceId: idSchema });
export const taskInput = z.object({ taskId: idSchema });
export const completeInput = z.object({
  taskId: idSchema,
  comment: z.string().max(2000).optional(),
  flag: z.union([z.boolean(), z.enum(['ok', 'no', 'true', 'false'])]).optional(),
  pass: z.boolean().optional(),
  variables: variablesSchema.optional(),
});
export const startInput = z.object({
  processDefinitionId: idSchema,
  businessKey: z.string().max(128).optional(),
  variables: variablesSchema.optional(),
});
export const leaveInput = z.object({
  processDefinitionId: idSchema,
  leaveType: z.coerce.number().int().min(1).max(99),
  startTime: z.string().max(40),
  endTime: z.string().max(40),
  reason: z.string().trim().min(1).max(1000),
  approverId: z.union([z.string(), z.number()]),
});
export const leaveQuery = z.object({ businessId: idSchema });

// ----- answers -----------------------------------------------------------------------------------

/** A deployment: its id and the process definitions it made. */
export const deployment = z.object({
  deploymentId: text,
  definitions: z.array(z.object({ id: text, key: text, name: text, version: z.number().int() })),
});

export const definitionRow = row({
  processKey: text,
  name: text,
  version: z.number().int(),
  category: maybeText,
  suspended: z.number().int().describe('1 when suspended'),
  deploymentId: text,
  deployTime: wireTime,
  deploymentName: text,
});

export const runningRow = row({
  name: text,
  processKey: text,
  businessKey: maybeText,
  starterId: text,
  starterName: maybeText,
  startTime: wireTime,
  currentActivities: maybeText,
});

export const startableRow = row({
  processKey: text,
  name: text,
  version: z.number().int(),
  category: maybeText,
});

export const taskRow = row({
  name: text,
  activityId: text,
  instanceId: text,
  createTime: wireTime,
  claimTime: maybeTime,
  endTime: maybeTime,
  comment: maybeText,
  approved: z.number().int().nullable().describe('1 approved, 0 refused, null not decided'),
  assigneeId: maybeId,
  processName: text,
  processKey: text,
  businessKey: maybeText,
  starterName: maybeText,
  definitionId: text,
});

export const sentRow = row({
  name: text,
  processKey: text,
  businessKey: maybeText,
  stateName: text,
  startTime: wireTime,
  endTime: maybeTime,
  currentActivities: maybeText,
  definitionId: text,
});

/** An instance's history, its diagram and what the diagram highlights. */
export const instanceHistoryAnswer = z.object({
  instance: z.object({
    id: text,
    name: text,
    state: text,
    starter: maybeText,
    startTime: wireTime,
    endTime: maybeTime,
  }),
  history: z.array(
    z.object({
      activityId: text,
      activityName: maybeText,
      activityType: maybeText,
      assigneeId: maybeId,
      assignee: maybeText,
      comment: maybeText,
      startTime: wireTime,
      endTime: maybeTime,
      durationMs: z.number().nullable(),
    }),
  ),
  current: z.array(
    z.object({
      activityId: text,
      name: maybeText,
      assigneeId: maybeId,
      candidateGroups: maybeText,
      since: wireTime,
    }),
  ),
  xml: maybeText,
  finishedActivityIds: z.array(text),
  currentActivityIds: z.array(text),
});

export const leaveStarted = z.object({ businessId: text, processInstanceId: text });

/** A leave request with the state of its process. */
export const leaveDetail = row({
  processDefinitionId: text,
  processInstanceId: maybeId,
  applicantId: text,
  leaveType: z.number().int(),
  startTime: wireTime,
  endTime: wireTime,
  days: z.number(),
  reason: text,
  approverId: text,
  outcome: maybeText,
  processState: maybeText,
  currentActivities: maybeText,
});
