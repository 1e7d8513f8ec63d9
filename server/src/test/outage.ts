import { expect } from 'vitest';
import type { DataAccess } from '../db/database.js';

/** What a request answers while the database is away (English). */
export const UNAVAILABLE = {
  code: 503,
  success: false,
  data: null,
  msg: 'The service is unavailable; please retry later',
};

/** The error a piece of database work failed with, or undefined when it succeeded. */
export function failureOf(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => undefined,
    (error: unknown) => error,
  );
}

/** The database answers a query again (a new connection replaced the ended one), then closes. */
export async function expectAnswersAgain(data: DataAccess): Promise<void> {
  const again = await data
    .unscoped()
    .selectNoFrom((eb) => eb.val(1).as('one'))
    .executeTakeFirstOrThrow();
  expect(Number(again.one)).toBe(1);
  await data.close();
}
