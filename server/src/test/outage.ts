import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataAccess } from '../db/database.js';
import { createServer } from '../server.js';
import { call, signIn, testConfig, tokenOf } from './harness.js';

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

/** The "stopped for a minute"; shorten it locally with OUTAGE_SECONDS=5. */
const OUTAGE_SECONDS = Number(process.env.OUTAGE_SECONDS ?? 60);
const POLL_MS = 2000;

/** A database server of the test's own, which it may stop and start under a running server. */
export interface PrivateDatabase {
  /** Creates and starts the database server; answers the address of an empty database on it. */
  create(): Promise<string>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Ends the database server, however it is, and removes its files. */
  remove(): Promise<void>;
}

/**
 * A private database server is stopped under a running server and started again: requests in
 * between answer 503 with the envelope, and the same server serves again by itself.
 */
export function describeOutage(title: string, skip: boolean, database: PrivateDatabase): void {
  describe.skipIf(skip)(title, () => {
    let dataDir: string | undefined;
    let app: FastifyInstance | undefined;

    beforeAll(async () => {
      const url = await database.create();
      dataDir = mkdtempSync(join(tmpdir(), 'blade-outage-data-'));
      app = await createServer(testConfig(url, dataDir, { LOGIN_RATE_PER_IP: '10000' }));
      await app.ready();
    });

    afterAll(async () => {
      try {
        // Closing first lets the server write its queued log rows while the database still runs.
        await app?.close();
      } finally {
        await database.remove();
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      }
    });

    const listUsers = (token: string): Promise<LightMyRequestResponse> =>
      call(app!, token, {
        method: 'GET',
        url: '/api/blade-user/page',
        query: { current: '1', size: '10' },
        headers: { 'accept-language': 'en' },
      });
    const signInEn = (): Promise<LightMyRequestResponse> =>
      signIn(app!, { headers: { 'accept-language': 'en' } });

    it(
      'answers 503 while the database is down and serves again once it is back',
      async () => {
        const token = (await tokenOf(app!)).access_token;
        expect((await listUsers(token)).statusCode).toBe(200);

        await database.stop();
        const outageEnds = Date.now() + OUTAGE_SECONDS * 1000;
        let polls = 0;
        do {
          const asked = Date.now();
          const [list, login] = await Promise.all([listUsers(token), signInEn()]);
          expect(list.statusCode, list.body).toBe(503);
          expect(list.json()).toEqual(UNAVAILABLE);
          expect(login.statusCode, login.body).toBe(503);
          expect(login.json()).toMatchObject(UNAVAILABLE);
          // A refused connection is reported at once, not after a long wait.
          expect(Date.now() - asked).toBeLessThan(5000);
          polls++;
          await new Promise((resolve) =>
            setTimeout(resolve, Math.min(POLL_MS, Math.max(0, outageEnds - Date.now()))),
          );
        } while (Date.now() < outageEnds);
        expect(polls).toBeGreaterThanOrEqual(Math.min(3, Math.ceil((OUTAGE_SECONDS * 1000) / POLL_MS)));

        await database.start();
        const back = Date.now();
        let list = await listUsers(token);
        while (list.statusCode !== 200 && Date.now() - back < 5000) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          list = await listUsers(token);
        }
        expect(list.statusCode, list.body).toBe(200);
        expect(list.json().data.records.map((u: { account: string }) => u.account)).toContain('admin');
        const login = await signInEn();
        expect(login.statusCode, login.body).toBe(200);
        expect(login.json().access_token).toBeTruthy();
      },
      (OUTAGE_SECONDS + 60) * 1000,
    );
  });
}
