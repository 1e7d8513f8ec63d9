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

/** A page of products, as the list route answers it. */
const products = (...records: { id: string; name: string; price: number }[]) =>
  json({ records, total: records.length, current: 1, size: 20 });
const NEW = { id: '1', name: '新品', price: 100 };
const BAG = { id: '1823', name: '复古帆布包', price: 1234 };

/** Draws one order line and opens its product picker; answers the picker's input. */
async function openPicker(): Promise<HTMLElement> {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OrderLinesInput value={[{ quantity: 1 }]} onChange={() => {}} />
    </QueryClientProvider>,
  );
  const input = screen.getByRole('combobox');
  await act(async () => fireEvent.mouseDown(input));
  return input;
}

describe('the order line product picker', () => {
  it('searches the products on sale on the server as the name is typed, not a first load', async () => {
    const asked: URL[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      const parsed = new URL(url, 'http://localhost');
      asked.push(parsed);
      return parsed.searchParams.get('name') ? products(BAG) : products(NEW);
    });
    const input = await openPicker();
    await act(async () => fireEvent.change(input, { target: { value: '复古' } }));
    expect(await screen.findByText(/复古帆布包/, undefined, { timeout: 2000 })).toBeTruthy();
    const searched = asked.find((u) => u.searchParams.get('name') === '复古');
    expect(searched?.pathname).toMatch(/\/mall\/product\/page$/);
    expect(searched?.searchParams.get('status')).toBe('1');
  });

  it('keeps the rows shown while the next search loads, so a pick never lands on an empty list', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', async (url: string) => {
      if (!new URL(url, 'http://localhost').searchParams.get('name')) return products(NEW);
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    const input = await openPicker();
    expect(await screen.findByText(/新品/, undefined, { timeout: 2000 })).toBeTruthy();
    await act(async () => fireEvent.change(input, { target: { value: '复古' } }));
    // The search has been asked (after the typing rested) and has not answered yet.
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(screen.getByText(/新品/)).toBeTruthy();
    await act(async () => answer(products(BAG)));
    expect(await screen.findByText(/复古帆布包/, undefined, { timeout: 2000 })).toBeTruthy();
    expect(screen.queryByText(/新品/)).toBeNull();
  });
});
