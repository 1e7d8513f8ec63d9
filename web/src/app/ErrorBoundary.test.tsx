// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearErrorLog, useErrorLog } from '../store/errorLog';
import { ErrorBoundary } from './ErrorBoundary';

function Boom({ fail }: { fail: boolean }) {
  if (fail) throw new Error('render failed');
  return <p>fine</p>;
}

afterEach(() => {
  cleanup();
  clearErrorLog();
  vi.restoreAllMocks();
});

describe('ErrorBoundary', () => {
  it('logs a render error to the local log, shows the fallback, and recovers on a new reset key', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fallback = (e: Error) => <p>fallback: {e.message}</p>;
    const { rerender } = render(
      <ErrorBoundary resetKey="/a" fallback={fallback}>
        <Boom fail />
      </ErrorBoundary>,
    );
    expect(screen.getByText('fallback: render failed')).toBeTruthy();
    const [entry] = useErrorLog.getState().logs;
    expect(entry).toMatchObject({ type: 'error', message: 'render failed' });
    expect(entry?.stack).toContain('render failed');
    expect(entry?.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    rerender(
      <ErrorBoundary resetKey="/b" fallback={fallback}>
        <Boom fail={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeTruthy();
  });
});
