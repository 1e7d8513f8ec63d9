import { describe, expect, it } from 'vitest';
import { backoff, parseSse } from './sse';

describe('parseSse', () => {
  it('reads named events and keeps an unfinished one for the next chunk', () => {
    const { events, rest } = parseSse(
      'event: ready\ndata: {"a":1}\n\n: keep-alive\n\nevent: notice\ndata: {"id"',
    );
    expect(events).toEqual([{ event: 'ready', data: '{"a":1}' }]);
    expect(rest).toBe('event: notice\ndata: {"id"');
    const next = parseSse(`${rest}:"7"}\n\n`);
    expect(next.events).toEqual([{ event: 'notice', data: '{"id":"7"}' }]);
    expect(next.rest).toBe('');
  });

  it('joins data lines, defaults the name and accepts CRLF', () => {
    expect(parseSse('data: a\r\ndata: b\r\n\r\n').events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('skips comment-only blocks', () => {
    expect(parseSse(': ping\n\n').events).toEqual([]);
  });
});

describe('backoff', () => {
  it('doubles from one second up to thirty', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(backoff)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
