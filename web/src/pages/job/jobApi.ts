import type { Envelope, Job, JobRun, Page } from '@blade/schema';
import { getData, request } from '../../api/http';

const JOB = '/blade-job/job';

/** The next five runs of a schedule, or the server's sentence saying what is wrong with it. */
export type Preview = { nextRuns: string[] } | { problem: string };

/** Every call of the jobs screen, typed; the page holds no fetch code. */
export const jobApi = {
  list: () => getData<Page<Job>>(`${JOB}/list`, { params: { current: 1, size: 200 } }),
  runs: (jobId: string, current: number, size: number) =>
    getData<Page<JobRun>>(`${JOB}/runs`, { params: { jobId, current, size } }),
  /** Asked while the schedule is typed: a problem is shown beside the field, not as a toast. */
  preview: async (cron: string): Promise<Preview> => {
    const answer = await request<Envelope<{ nextRuns: string[] } | null>>(`${JOB}/preview`, {
      params: { cron },
      raw: true,
    });
    return answer?.code === 200 && answer.data ? answer.data : { problem: answer?.msg ?? '' };
  },
  update: (id: string, cron: string, catchUp: boolean) =>
    getData<Job>(`${JOB}/update`, { method: 'POST', body: { id, cron, catchUp } }),
  pause: (id: string) => getData<Job>(`${JOB}/pause`, { method: 'POST', body: { id } }),
  resume: (id: string) => getData<Job>(`${JOB}/resume`, { method: 'POST', body: { id } }),
  run: (id: string) => getData<{ runId: string }>(`${JOB}/run`, { method: 'POST', body: { id } }),
};
