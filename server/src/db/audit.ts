import { utcNow } from '../core/time.js';

/** Who writes a row: a signed-in caller (AuthContext fits), or the server itself. */
export interface Writer {
  userId: number | null;
  deptId: number | null;
}

/** Rows the server writes on no one's behalf (seeds, schedules, engine steps). */
export const SERVER: Writer = { userId: null, deptId: null };

/** The audit columns of a new row (ARCHITECTURE §6): written by `who`, at `now` (a stored time). */
export function created(who: Writer, now: string = utcNow()) {
  return {
    create_user: who.userId,
    create_dept: who.deptId,
    create_time: now,
    update_user: who.userId,
    update_time: now,
  };
}
