import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { caller } from '../../core/http.js';
import { answers, api, page, queryOrBody } from '../../core/route-schema.js';
import { idSchema, pageQuery } from '../../core/validate.js';
import { pruneRunsJob } from './job-runs-prune.js';
import { JobService } from './job-service.js';

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

const jobId = z.object({ id: idSchema });

/** One run of a job. */
const jobRun = z.object({
  id: z.string(),
  cause: z.enum(['schedule', 'catch-up', 'manual']),
  scheduledTime: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  durationMs: z.number().nullable(),
  state: z.enum(['running', 'succeeded', 'failed', 'skipped']),
  progress: z.number().nullable().describe('0–100 when the job reports how far it is'),
  progressText: z.string().nullable(),
  result: z.string().nullable(),
  error: z.string().nullable(),
  server: z.string().nullable().optional().describe('The server process that ran it (platform only)'),
});

/** A scheduled job as the jobs screen shows it. */
const job = z.object({
  id: z.string(),
  name: z.string().describe("The job's key in code"),
  label: z.string(),
  description: z.string(),
  platform: z.boolean(),
  cron: z.string(),
  defaultCron: z.string(),
  catchUp: z.boolean(),
  paused: z.boolean(),
  state: z.enum(['running', 'paused', 'waiting']),
  nextRunTime: z.string().nullable(),
  nextRuns: z.array(z.string()),
  lastRun: jobRun.nullable(),
});

/**
 * /api/blade-job: the scheduled jobs screen. Listing needs the screen (`job`); editing a schedule,
 * pausing or resuming, running now and reading the run history need their buttons.
 */
export async function jobRoutes(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const routes = api(app);
  const jobs = new JobService(services.data, services.jobs, services.scheduler, services.config.timeZone);
  services.jobs.define(
    pruneRunsJob(services.data, {
      retentionDays: services.config.jobs.runRetentionDays,
      keep: services.config.jobs.runKeep,
    }),
  );

  routes.get(
    '/job/list',
    {
      config: { access: { permission: 'job' } },
      schema: { summary: 'Scheduled jobs', querystring: pageQuery, response: answers(page(job)) },
    },
    async (request, reply) => reply.ok(await jobs.list(caller(request), request.lang, request.query)),
  );

  routes.get(
    '/job/detail',
    {
      config: { access: { permission: 'job' } },
      schema: { summary: 'One scheduled job', querystring: jobId, response: answers(job, 404) },
    },
    async (request, reply) => reply.ok(await jobs.detail(caller(request), request.query.id, request.lang)),
  );

  // The next five times of a schedule being typed, by the same library the scheduler uses.
  routes.get(
    '/job/preview',
    {
      config: { access: { permission: 'job' } },
      schema: {
        summary: 'The next five times of a schedule',
        querystring: z.object({ cron: z.string().max(200) }),
        response: answers(z.object({ nextRuns: z.array(z.string()) })),
      },
    },
    async (request, reply) => reply.ok({ nextRuns: jobs.preview(caller(request), request.query.cron) }),
  );

  routes.post(
    '/job/update',
    {
      config: { access: { permission: 'job_edit' } },
      schema: {
        summary: "Change a job's schedule and whether a missed run catches up",
        ...queryOrBody(z.object({ id: idSchema, cron: z.string().max(200), catchUp: flag.optional() })),
        response: answers(job, 404),
      },
    },
    async (request, reply) => {
      const input = request.body;
      const auth = caller(request);
      await jobs.update(auth, input.id, input);
      return reply.ok(await jobs.detail(auth, input.id, request.lang));
    },
  );

  for (const [path, paused] of [
    ['/job/pause', true],
    ['/job/resume', false],
  ] as const)
    routes.post(
      path,
      {
        config: { access: { permission: 'job_state' } },
        schema: {
          summary: paused ? 'Pause a job' : 'Resume a job',
          ...queryOrBody(jobId),
          response: answers(job, 404),
        },
      },
      async (request, reply) => {
        const auth = caller(request);
        await jobs.setPaused(auth, request.body.id, paused);
        return reply.ok(await jobs.detail(auth, request.body.id, request.lang));
      },
    );

  routes.post(
    '/job/run',
    {
      config: { access: { permission: 'job_run' } },
      schema: {
        summary: 'Run a job now',
        ...queryOrBody(jobId),
        response: answers(z.object({ runId: z.string() }), 404, 409),
      },
    },
    async (request, reply) => reply.ok(await jobs.runNow(caller(request), request.body.id)),
  );

  routes.get(
    '/job/runs',
    {
      config: { access: { permission: 'job_view' } },
      schema: {
        summary: "A job's runs, newest first",
        querystring: pageQuery.extend({ jobId: idSchema }),
        response: answers(page(jobRun), 404),
      },
    },
    async (request, reply) =>
      reply.ok(await jobs.runs(caller(request), request.query.jobId, request.lang, request.query)),
  );
}
