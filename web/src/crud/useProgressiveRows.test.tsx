// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { firstRows, useProgressiveRows } from './useProgressiveRows';

function Rows({ rows }: { rows: number[] }) {
  const shown = useProgressiveRows(rows);
  return <p data-testid="count">{shown.length}</p>;
}

const count = () => Number(screen.getByTestId('count').textContent);
const numbers = (n: number) => Array.from({ length: n }, (_, i) => i);

afterEach(cleanup);

describe('useProgressiveRows', () => {
  it('shows a small page whole at once', () => {
    render(<Rows rows={numbers(20)} />);
    expect(count()).toBe(20);
  });

  it('paints the first screen of a large page first, then every row', async () => {
    const view = render(<Rows rows={numbers(10)} />);
    expect(count()).toBe(10);
    view.rerender(<Rows rows={numbers(200)} />);
    expect(count()).toBe(firstRows());
    await waitFor(() => expect(count()).toBe(200));
  });

  it('paints first as many rows as the window could hold', () => {
    const height = window.innerHeight;
    try {
      window.innerHeight = 1600;
      expect(firstRows()).toBe(42);
      window.innerHeight = 300;
      expect(firstRows()).toBe(12);
    } finally {
      window.innerHeight = height;
    }
  });

  it('shows a reloaded page whole at once, so the table does not shorten under the scroll', async () => {
    const view = render(<Rows rows={numbers(200)} />);
    await waitFor(() => expect(count()).toBe(200));
    view.rerender(<Rows rows={numbers(200)} />);
    expect(count()).toBe(200);
    view.rerender(<Rows rows={numbers(150)} />);
    expect(count()).toBe(150);
  });
});
