import { basicAuth, bearer, buildUrl } from '../../api/http';
import { useSession } from '../../store/session';
import { backoff, parseSse } from './sse';

/** What the stream says about a newly published notice. */
export interface NoticeEvent {
  id: string;
  title: string;
  category: number;
  releaseTime: string;
}

const isNotice = (v: unknown): v is NoticeEvent => !!v && typeof v === 'object' && 'id' in v && 'title' in v;

/** Reads one connection until it ends; resolves true when it got as far as `ready`. */
async function readOnce(signal: AbortSignal, onNotice: (n: NoticeEvent) => void): Promise<boolean> {
  const token = useSession.getState().token;
  if (!token) return false;
  const res = await fetch(buildUrl('/blade-desk/notice/stream'), {
    headers: { Authorization: basicAuth(), Accept: 'text/event-stream', ...bearer(token) },
    signal,
    cache: 'no-store',
  });
  if (!res.ok || !res.body) return false;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ready = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return ready;
    const parsed = parseSse(buffer + decoder.decode(value, { stream: true }));
    buffer = parsed.rest;
    for (const e of parsed.events) {
      if (e.event === 'ready') ready = true;
      else if (e.event === 'notice') {
        try {
          const data: unknown = JSON.parse(e.data);
          if (isNotice(data)) onNotice({ ...data, id: String(data.id) });
        } catch {
          // a malformed event is skipped, the stream goes on
        }
      }
    }
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Follows the notice stream with fetch, so the Blade-Auth header goes along and the token stays out
 * of the address; reconnects with back-off (reset after each good connection) until aborted.
 */
export async function followNotices(signal: AbortSignal, onNotice: (n: NoticeEvent) => void): Promise<void> {
  let attempt = 0;
  while (!signal.aborted) {
    const ok = await readOnce(signal, onNotice).catch(() => false);
    if (signal.aborted) return;
    attempt = ok ? 0 : attempt + 1;
    await sleep(backoff(attempt), signal);
  }
}
