// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareAntdInJsdom } from '../../testing/antdInJsdom';
import { OrderLinesInput } from './OrderLinesInput';

beforeAll(prepareAntdInJsdom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const json = (data: unknown) => new Response(JSON.stringify({ code: 200, success: true, data }));

describe('the order line product picker', () => {
  it('searches the products on sale on the server as the name is typed, not a first load', async () => {
    const asked: URL[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      const parsed = new URL(url, 'http://localhost');
      asked.push(parsed);
      const name = parsed.searchParams.get('name') ?? '';
      const records = name
        ? [{ id: '1823', name: '复古帆布包', price: 1234 }]
        : [{ id: '1', name: '新品', price: 100 }];
      return json({ records, total: records.length, current: 1, size: 20 });
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OrderLinesInput value={[{ quantity: 1 }]} onChange={() => {}} />
      </QueryClientProvider>,
    );
    const input = screen.getByRole('combobox');
    await act(async () => fireEvent.mouseDown(input));
    await act(async () => fireEvent.change(input, { target: { value: '复古' } }));
    expect(await screen.findByText(/复古帆布包/, undefined, { timeout: 2000 })).toBeTruthy();
    const searched = asked.find((u) => u.searchParams.get('name') === '复古');
    expect(searched?.pathname).toMatch(/\/mall\/product\/page$/);
    expect(searched?.searchParams.get('status')).toBe('1');
  });

  it('keeps the rows shown while the next search loads, so a pick never lands on an empty list', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', async (url: string) => {
      const name = new URL(url, 'http://localhost').searchParams.get('name') ?? '';
      if (!name)
        return json({ records: [{ id: '1', name: '新品', price: 100 }], total: 1, current: 1, size: 20 });
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OrderLinesInput value={[{ quantity: 1 }]} onChange={() => {}} />
      </QueryClientProvider>,
    );
    const input = screen.getByRole('combobox');
    await act(async () => fireEvent.mouseDown(input));
    expect(await screen.findByText(/新品/, undefined, { timeout: 2000 })).toBeTruthy();
    await act(async () => fireEvent.change(input, { target: { value: '复古' } }));
    // The search has been asked (after the typing rested) and has not answered yet.
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(screen.getByText(/新品/)).toBeTruthy();
    await act(async () =>
      answer(
        json({ records: [{ id: '1823', name: '复古帆布包', price: 1234 }], total: 1, current: 1, size: 20 }),
      ),
    );
    expect(await screen.findByText(/复古帆布包/, undefined, { timeout: 2000 })).toBeTruthy();
    expect(screen.queryByText(/新品/)).toBeNull();
  });
});
