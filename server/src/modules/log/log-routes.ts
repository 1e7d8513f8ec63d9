import type { FastifyInstance } from 'fastify';
import { caller } from '../../core/http.js';
import { ERROR_UPLOAD_BYTES } from './error-log.js';
import { pruneLogsJob } from './log-prune.js';

/**
 * /api/blade-log: uploads of the shell's error log (lists arrive with the logs area), and the job
 * that prunes log rows past their retention.
 */
export async function logRoutes(app: FastifyInstance): Promise<void> {
  app.services.jobs.define(pruneLogsJob(app.services.data, app.services.config.logRetentionDays));
  app.post(
    '/error/upload',
    { config: { access: 'user' }, bodyLimit: ERROR_UPLOAD_BYTES },
    async (request, reply) => {
      const count = await app.services.errorLog.recordClientEntries(caller(request), request, request.body);
      return reply.ok({ count });
    },
  );
}
