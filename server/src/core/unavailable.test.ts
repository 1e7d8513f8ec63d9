import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from '../test/harness.js';
import { isDatabaseUnavailable } from './http.js';

describe('a database outage', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await build({}, (app) => {
      app.get('/api/test/db-down', { config: { access: 'public' } }, async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      });
      app.get('/api/test/db-restarting', { config: { access: 'public' } }, async () => {
        throw Object.assign(new Error('terminating connection due to administrator command'), {
          code: '57P01',
        });
      });
    });
  });
  afterAll(() => t.close());

  it('answers 503 with a clear message, not a 500', async () => {
    for (const url of ['/api/test/db-down', '/api/test/db-restarting']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 503,
        success: false,
        data: null,
        msg: 'The service is unavailable; please retry later',
      });
    }
  });

  it('tells connection failures from query errors', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // The next statement of a transaction whose connection the database ended.
    expect(
      isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
    // mysql2: the server closed the connection, is shutting down, ended it, or takes no more.
    for (const code of [
      'PROTOCOL_CONNECTION_LOST',
      'ER_SERVER_SHUTDOWN',
      'ER_CONNECTION_KILLED',
      'ER_CON_COUNT_ERROR',
    ])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    // PostgreSQL's too_many_connections, as MySQL's ER_CON_COUNT_ERROR.
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '53300' }))).toBe(true);
    // mysql2, without a code: the next statement (or the rollback) on a connection the server ended.
    expect(isDatabaseUnavailable(new Error("Can't add new command when connection is in closed state"))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: 'ER_DUP_ENTRY' }))).toBe(false);
    // A statement stopped by its time limit is the statement's failure, not an outage.
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: 'ER_STATEMENT_TIMEOUT' }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
