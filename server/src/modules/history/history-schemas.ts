import { z } from 'zod';
import { row } from '../../core/route-schema.js';
import { idList, idSchema } from '../../core/validate.js';
import { resourceName } from './history-target.js';

/** What the history and recycle-bin routes take and answer. */

export const paging = z.object({
  current: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(10),
});

export const timelineQuery = resourceName.extend({ id: idSchema });
export const restoreInput = resourceName.extend({ id: idSchema, mode: z.enum(['version', 'undo']) });
export const historyQuery = paging.extend({
  resource: z.string().max(64).optional(),
  rowId: idSchema.optional(),
  user: z.string().max(64).optional(),
  startTime: z.string().max(32).optional().describe('From (yyyy-MM-dd HH:mm:ss)'),
  endTime: z.string().max(32).optional().describe('Until (yyyy-MM-dd HH:mm:ss)'),
});
export const recycleQuery = paging.extend(resourceName.shape);
export const recycleIds = resourceName.extend({ ids: idList });

/** One change of a row: who, when, what it did and each field's value before and after. */
export const historyEntry = row({
  resource: z.string(),
  rowId: z.string(),
  action: z.string(),
  changes: z.unknown().describe('The changed fields, each with its value before and after'),
  reverts: z.string().nullable().describe('The change this one undid, if any'),
  requestId: z.string().nullable(),
  createUser: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string(),
});

/** A removed row in the recycle bin: the resource's own fields and when it was removed. */
export const removedRow = row({ updateTime: z.string().nullable() });
