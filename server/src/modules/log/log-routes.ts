import type { FastifyInstance } from 'fastify';
import { caller } from '../../core/http.js';

/** /api/blade-log: uploads of the shell's error log (lists arrive with the logs area). */
export async function logRoutes(app: FastifyInstance): Promise<void> {
  app.post('/error/upload', { config: { access: 'user' } }, async (request, reply) => {
    const count = await app.services.errorLog.recordClientEntries(caller(request), request, request.body);
    return reply.ok({ count });
  });
}
