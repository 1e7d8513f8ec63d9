import type { OnlineSession, Page } from '@blade/schema';
import { getData } from '../../api/http';

const ONLINE = '/blade-auth/online';

/** What the online sessions list is narrowed by (the tenant only for the platform). */
export interface SessionSearch {
  account?: string;
  ip?: string;
  tenantId?: string;
}

type Paging = { current: number; size: number };

/** Every call of the online sessions screen and of personal info's own sessions, typed. */
export const onlineApi = {
  list: (paging: Paging, search: SessionSearch) =>
    getData<Page<OnlineSession>>(`${ONLINE}/list`, { params: { ...paging, ...search } }),
  end: (ids: string[]) =>
    getData<{ ended: number }>(`${ONLINE}/logout`, { method: 'POST', body: { ids: ids.join(',') } }),
  mine: (paging: Paging) => getData<Page<OnlineSession>>(`${ONLINE}/mine`, { params: paging }),
  endMine: (ids: string[]) =>
    getData<{ ended: number }>(`${ONLINE}/mine/logout`, { method: 'POST', body: { ids: ids.join(',') } }),
};
