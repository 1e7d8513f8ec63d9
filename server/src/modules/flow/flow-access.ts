import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.js';
import { caller } from '../../core/http.js';
import { hasPermission } from '../../core/permissions.js';
import { isParticipant } from './flow-history.js';

/**
 * An instance's history and its leave request are read by those who took part in it and by
 * holders of the follow-up screen (`also` for callers known to take part, as a leave's applicant).
 */
export async function mayReadInstance(request: FastifyRequest, instanceId: number | null, also = false) {
  if (also || (await hasPermission(request, 'follow'))) return;
  if (instanceId && (await isParticipant(caller(request), instanceId))) return;
  throw new AppError(403, 'flowNotYours');
}
