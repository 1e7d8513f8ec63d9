import { type Envelope, request } from '../../../api/http';

/** GET /api/mall/dashboard: the last 30 days of the mall (money in cents). */
export interface Dashboard {
  ordersByDay: { day: string; orders: number; revenue: number }[];
  newUsersByDay: { day: string; users: number }[];
  topProducts: { id: string; name: string; sales: number; price: number }[];
  upcomingLiving: { id: string; title: string; host: string; startTime: string }[];
  totals: { orders: number; revenue: number };
}

/** The figures, or null when the user may not see them (403) or they cannot be read; no error toast. */
export async function loadDashboard(): Promise<Dashboard | null> {
  const body = await request<Envelope<Dashboard> | null>('/mall/dashboard', { raw: true }).catch(() => null);
  return body?.code === 200 && body.data ? body.data : null;
}
