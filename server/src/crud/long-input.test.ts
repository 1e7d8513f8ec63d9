import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../core/digest.js';
import { build, call, type TestServer, tokenOf } from '../test/harness.js';

/**
 * Over-long values are refused by their length before any pattern looks at them, and the
 * patterns themselves are linear (core/linear-patterns.test.ts), so a long value answers at once.
 */
describe('long values', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  const timed = async (payload: Record<string, unknown>, url: string) => {
    const started = performance.now();
    const res = await call(t.app, admin, { method: 'POST', url, payload });
    return { res, ms: performance.now() - started };
  };

  it('answers an e-mail of 60,000 dots on blade-user/submit at once with a 400', async () => {
    // Before: the e-mail pattern backtracked quadratically and blocked the server for 3 to 17 s.
    const { res, ms } = await timed(
      {
        account: 'dots',
        password: md5('pass-1234'),
        realName: 'Dots',
        roleId: '1',
        deptId: '1',
        email: `a@${'.'.repeat(60_000)}@`,
      },
      '/api/blade-user/submit',
    );
    expect(res.statusCode).toBe(400);
    // Refused by its length, in words naming the field by its label.
    expect(res.json().msg).toMatch(/^电子邮箱不能超过 \d+ 个字符$/);
    expect(ms).toBeLessThan(1000);
  });

  it('answers a 500,000-character link at once, and a short bad one with the pattern message', async () => {
    const long = await timed(
      { title: 'x', image: `/${'/'.repeat(500_000)}x`, position: 1 },
      '/api/mall/banner/submit',
    );
    expect(long.res.statusCode).toBe(400);
    expect(long.ms).toBeLessThan(1000);
    const bad = await timed(
      { title: 'x', image: '//evil.example/x.png', position: 1 },
      '/api/mall/banner/submit',
    );
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json().msg).toContain('http(s)://');
  });
});
