import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { caller } from '../../core/http.js';
import { answers, api } from '../../core/route-schema.js';
import { clientEntries, ERROR_UPLOAD_BYTES } from './error-log.js';
import { pruneLogsJob } from './log-prune.js';

/**
 * /api/blade-log: uploads of the shell's error log (lists arrive with the logs area), and the job
 * that prunes log rows past their retention.
 */
export async function logRoutes(app: FastifyInstance): Promise<void> {
  app.services.jobs.define(pruneLogsJob(app.services.data, app.services.config.logRetentionDays));
  api(app).post(
    '/error/upload',
    {
      config: { access: 'user' },
      bodyLimit: ERROR_UPLOAD_BYTES,
      schema: {
        summary: "Keep the shell's local error log (at most 500 entries)",
        body: clientEntries,
        response: answers(z.object({ count: z.number().int() }), 413),
      },
    },
    async (request, reply) => {
      const count = await app.services.errorLog.record(caller(request), request, request.body);
      return reply.ok({ count });
    },
  );
}
