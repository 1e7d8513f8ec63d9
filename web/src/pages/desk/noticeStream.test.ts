import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../store/session';
import { followNotices, type NoticeEvent } from './noticeStream';

const encoder = new TextEncoder();

/** A stream answer delivering the chunks, split wherever the test likes. */
const streamOf = (chunks: string[]): Response =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(encoder.encode(c));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('followNotices', () => {
  it('sends the token as a header, reads events split across chunks and reconnects', async () => {
    useSession.setState({ token: 'tok123' });
    const controller = new AbortController();
    const seen: NoticeEvent[] = [];
    const requests: { url: string; headers: Record<string, string> }[] = [];
    const fetchStub = vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, headers: init.headers as Record<string, string> });
      if (requests.length === 1)
        return streamOf([
          'event: ready\ndata: {"tenantId":"000000"}\n\nevent: noti',
          'ce\ndata: {"id":7,"title":"放假通知","category":1,"releaseTime":"2026-01-01 09:00:00"}\n\n',
        ]);
      controller.abort();
      return streamOf([]);
    });
    vi.stubGlobal('fetch', fetchStub);
    vi.useFakeTimers();
    const done = followNotices(controller.signal, (n) => seen.push(n));
    await vi.advanceTimersByTimeAsync(1500);
    await done;

    expect(seen).toEqual([{ id: '7', title: '放假通知', category: 1, releaseTime: '2026-01-01 09:00:00' }]);
    expect(requests).toHaveLength(2);
    expect(requests[0]?.url).toMatch(/\/blade-desk\/notice\/stream$/);
    expect(requests[0]?.url).not.toContain('tok123');
    expect(Object.values(requests[0]?.headers ?? {})).toContain('bearer tok123');
  });
});
