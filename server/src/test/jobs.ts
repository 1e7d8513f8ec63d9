import type { Job, JobRun, Page } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import { ok } from './fixtures.js';

/** The caller's job of this name, as the jobs screen lists it. */
export async function jobNamed(app: FastifyInstance, token: string, name: string): Promise<Job> {
  const page = await ok<Page<Job>>(app, token, { method: 'GET', url: '/api/blade-job/job/list?size=200' });
  const job = page.records.find((j) => j.name === name);
  if (!job) throw new Error(`no job ${name} in ${page.records.map((j) => j.name).join(', ')}`);
  return job;
}

/** A run of a job, by id (from its history). */
export async function runOf(
  app: FastifyInstance,
  token: string,
  jobId: string,
  runId: string,
): Promise<JobRun> {
  const page = await ok<Page<JobRun>>(app, token, {
    method: 'GET',
    url: `/api/blade-job/job/runs?jobId=${jobId}&size=200`,
  });
  const run = page.records.find((r) => r.id === runId);
  if (!run) throw new Error(`no run ${runId} of job ${jobId}`);
  return run;
}

/** Waits for a run to end (or fails after `ms`); answers it as its history shows it. */
export async function ended(
  app: FastifyInstance,
  token: string,
  jobId: string,
  runId: string,
  ms = 15_000,
): Promise<JobRun> {
  const deadline = Date.now() + ms;
  for (;;) {
    const run = await runOf(app, token, jobId, runId);
    if (run.state !== 'running') return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} still running after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs a job at once through the screen's call and waits for the run to end. */
export async function runJobNow(app: FastifyInstance, token: string, name: string): Promise<JobRun> {
  const job = await jobNamed(app, token, name);
  const { runId } = await ok<{ runId: string }>(app, token, {
    method: 'POST',
    url: '/api/blade-job/job/run',
    payload: { id: job.id },
  });
  return ended(app, token, job.id, runId);
}
