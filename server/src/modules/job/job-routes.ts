import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { caller } from '../../core/http.js';
import { idSchema, inputOf, pageQuery, parse } from '../../core/validate.js';
import { pruneRunsJob } from './job-runs-prune.js';
import { JobService } from './job-service.js';

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * /api/blade-job: the scheduled jobs screen. Listing needs the screen (`job`); editing a schedule,
 * pausing or resuming, running now and reading the run history need their buttons.
 */
export async function jobRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const jobs = new JobService(services.data, services.jobs, services.scheduler, services.config.timeZone);
  services.jobs.define(
    pruneRunsJob(services.data, {
      retentionDays: services.config.jobs.runRetentionDays,
      keep: services.config.jobs.runKeep,
    }),
  );

  app.get('/job/list', { config: { access: { permission: 'job' } } }, async (request, reply) =>
    reply.ok(await jobs.list(caller(request), request.lang, parse(pageQuery, request.query))),
  );

  app.get('/job/detail', { config: { access: { permission: 'job' } } }, async (request, reply) => {
    const input = parse(z.object({ id: idSchema }), request.query);
    return reply.ok(await jobs.detail(caller(request), input.id, request.lang));
  });

  // The next five times of a schedule being typed, by the same library the scheduler uses.
  app.get('/job/preview', { config: { access: { permission: 'job' } } }, async (request, reply) => {
    const input = parse(z.object({ cron: z.string().max(200) }), request.query);
    return reply.ok({ nextRuns: jobs.preview(caller(request), input.cron) });
  });

  app.post('/job/update', { config: { access: { permission: 'job_edit' } } }, async (request, reply) => {
    const input = parse(
      z.object({ id: idSchema, cron: z.string().max(200), catchUp: flag.optional() }),
      inputOf(request),
    );
    const auth = caller(request);
    await jobs.update(auth, input.id, input);
    return reply.ok(await jobs.detail(auth, input.id, request.lang));
  });

  for (const [path, paused] of [
    ['/job/pause', true],
    ['/job/resume', false],
  ] as const)
    app.post(path, { config: { access: { permission: 'job_state' } } }, async (request, reply) => {
      const input = parse(z.object({ id: idSchema }), inputOf(request));
      const auth = caller(request);
      await jobs.setPaused(auth, input.id, paused);
      return reply.ok(await jobs.detail(auth, input.id, request.lang));
    });

  app.post('/job/run', { config: { access: { permission: 'job_run' } } }, async (request, reply) => {
    const input = parse(z.object({ id: idSchema }), inputOf(request));
    return reply.ok(await jobs.runNow(caller(request), input.id));
  });

  app.get('/job/runs', { config: { access: { permission: 'job_view' } } }, async (request, reply) => {
    const input = parse(pageQuery.extend({ jobId: idSchema }), request.query);
    return reply.ok(await jobs.runs(caller(request), input.jobId, request.lang, input));
  });
}
