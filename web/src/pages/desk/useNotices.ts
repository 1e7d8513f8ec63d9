import type { Page } from '@blade/schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getData } from '../../api/http';
import { useSession } from '../../store/session';
import { followNotices, type NoticeEvent } from './noticeStream';

/** How many notices the popover shows first, and adds with each 加载更多. */
export const NOTICE_PAGE = 5;
/**
 * The stream opens a moment after sign-in, so the page's own first calls go first and the page
 * reaches network idle once (a stream that never ends would keep it busy from the start).
 */
const STREAM_DELAY_MS = 3000;
const KEY = ['notice-popover'];

/** The newest notices first, without duplicates, at most a page. */
export function mergeNotices(current: readonly NoticeEvent[], arrived: NoticeEvent): NoticeEvent[] {
  return [arrived, ...current.filter((n) => n.id !== arrived.id)].slice(0, NOTICE_PAGE);
}

/** One page of the published notices, newest first, and how many there are in all. */
export async function loadNotices(current: number): Promise<{ notices: NoticeEvent[]; total: number }> {
  const page = await getData<Page<NoticeEvent>>('/blade-desk/notice/list', {
    params: { current, size: NOTICE_PAGE, descs: 'releaseTime', published: 1 },
  });
  return { notices: page.records.map((n) => ({ ...n, id: String(n.id) })), total: page.total };
}

/**
 * The popover's notices: the latest five, then each one published while signed in, live; `fresh`
 * is true from a new arrival until `seen` is called.
 */
export function useNotices() {
  const token = useSession((s) => s.token);
  const client = useQueryClient();
  const [fresh, setFresh] = useState(false);
  const list = useQuery({
    queryKey: KEY,
    queryFn: async () => (await loadNotices(1)).notices,
    enabled: !!token,
  });

  const signedIn = !!token;
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void followNotices(controller.signal, (notice) => {
        client.setQueryData<NoticeEvent[]>(KEY, (old) => mergeNotices(old ?? [], notice));
        setFresh(true);
      });
    }, STREAM_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [signedIn, client]);

  return { notices: list.data ?? [], loading: list.isLoading, fresh, seen: () => setFresh(false) };
}
