// @vitest-environment jsdom
import type { JobRun } from '@blade/schema';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RunOutcome } from './RunsDialog';

const run = (over: Partial<JobRun>): JobRun => ({
  id: '1',
  cause: 'schedule',
  scheduledTime: '2026-01-01 00:00:00',
  startTime: '2026-01-01 00:00:00',
  endTime: null,
  durationMs: null,
  state: 'running',
  progress: null,
  progressText: null,
  result: null,
  error: null,
  ...over,
});

describe('a run outcome', () => {
  afterEach(cleanup);

  it('shows how far a running run is', () => {
    render(<RunOutcome run={run({ progress: 40 })} />);
    expect(screen.getByText('运行中')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
  });

  it('shows the outcome alone once it ended, and no bar for a run that reports no progress', () => {
    render(<RunOutcome run={run({ state: 'failed', progress: 70, error: 'boom' })} />);
    expect(screen.getByText('失败')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    cleanup();
    render(<RunOutcome run={run({})} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
