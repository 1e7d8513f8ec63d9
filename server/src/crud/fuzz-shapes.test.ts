import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../core/json-depth.js';
import { BASIC, build, type TestServer, tokenOf } from '../test/harness.js';

/**
 * Every route of the OpenAPI document under odd headers, deep nesting and large sizes: each
 * answers an envelope with a 4xx (or 200 when the input happens to be fine), never a 5xx.
 * Header sizes beyond Node's limit are answered before routing (core/request-shape.test.ts).
 */

type Operation = { method: 'GET' | 'POST'; url: string; params: string[] };

/** Streams never end; signing out would end the session the other calls use. */
const SKIPPED = ['/api/blade-desk/notice/stream', '/api/blade-auth/oauth/logout'];

const printable = (maxLength: number) =>
  fc.array(fc.integer({ min: 0x20, max: 0x7e }), { maxLength }).map((codes) => String.fromCharCode(...codes));

const nested = (depth: number, open: string, close: string, inner = '1') =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

/** Bodies of awkward shapes, as raw JSON text. */
const BODIES: Array<[string, () => string]> = [
  ['arrays at the depth limit', () => `{"items":${nested(MAX_JSON_DEPTH - 1, '[', ']')}}`],
  ['arrays one deeper', () => `{"items":${nested(MAX_JSON_DEPTH, '[', ']')}}`],
  ['objects 5,000 deep', () => nested(5000, '{"a":', '}')],
  [
    'a 300,000-character value',
    () => JSON.stringify({ name: 'x'.repeat(300_000), title: '<p>'.repeat(50_000) }),
  ],
  ['10,000 ids', () => JSON.stringify({ ids: Array.from({ length: 10_000 }, (_, i) => String(i + 1)) })],
  [
    '5,000 keys',
    () => JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]))),
  ],
  ['over the body limit', () => JSON.stringify({ content: 'x'.repeat(1_100_000) })],
  ['__proto__ pollution', () => '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'],
];

const headers = fc.record(
  {
    'tenant-id': printable(40),
    'dept-id': printable(40),
    'role-id': fc.oneof(printable(40), fc.constant('1'.repeat(400))),
    'captcha-key': printable(200),
    'captcha-code': printable(20),
    'accept-language': fc.oneof(printable(60), fc.constantFrom('en', 'zh-CN', 'en-US,en;q=0.9', '*')),
    'x-request-id': printable(100),
    'content-type': fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'multipart/form-data; boundary=zz',
      'application/json; charset=utf-16',
      'nonsense',
    ),
  },
  { requiredKeys: [] },
);

describe('every route under odd headers, nesting and sizes', () => {
  let t: TestServer;
  let admin: string;
  let operations: Operation[];
  beforeAll(async () => {
    t = await build({ LOGIN_RATE_PER_IP: '1000000', LOGIN_RATE_PER_ACCOUNT: '1000000' });
    admin = (await tokenOf(t.app)).access_token;
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string }> }>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method === 'get' || method === 'post')
        .map(([method, op]) => ({
          method: method.toUpperCase() as Operation['method'],
          url: path.replace('{path}', 'x/../../etc/passwd'),
          params: (op.parameters ?? []).map((p) => p.name),
        })),
    );
    operations = operations.filter((o) => !SKIPPED.includes(o.url));
  });
  afterAll(() => t.close());

  const send = async (options: InjectOptions & { url: string }, what: string) => {
    const res = await t.app.inject(options);
    const where = `${options.method} ${options.url} (${what}) → ${res.statusCode} ${res.body.slice(0, 200)}`;
    expect(res.statusCode, where).toBeLessThan(500);
    // Refusals are envelopes; a success may be a file or a document (exports, the API document).
    if (res.statusCode !== 200) {
      expect(String(res.headers['content-type']), where).toContain('json');
      expect(res.json(), where).toMatchObject({ code: res.statusCode, success: false });
    }
    return res;
  };

  it('answers every route with awkward bodies and queries', async () => {
    expect(operations.length).toBeGreaterThan(150);
    const auth = { authorization: BASIC, 'blade-auth': `bearer ${admin}` };
    for (const op of operations) {
      if (op.method === 'POST') {
        for (const [what, body] of BODIES)
          await send(
            {
              method: 'POST',
              url: op.url,
              headers: { ...auth, 'content-type': 'application/json' },
              payload: body(),
            },
            what,
          );
      }
      const long = 'x'.repeat(10_000);
      const query = Object.fromEntries([...op.params, 'id', 'ids', 'current', 'size'].map((p) => [p, long]));
      await send({ method: op.method, url: op.url, headers: auth, query }, 'long query values');
      await send(
        {
          method: op.method,
          url: op.url,
          headers: auth,
          query: { ids: Array.from({ length: 1500 }, (_, i) => i + 1).join(','), current: '-1', size: '1e9' },
        },
        'many ids',
      );
    }
  }, 900_000);

  it('answers every route with generated headers, tokens and bodies', async () => {
    // Half the calls signed in, so the headers and bodies reach the routes behind the sign-in check.
    const token = fc.oneof(
      { weight: 5, arbitrary: fc.constant(`bearer ${admin}`) },
      fc.constantFrom('bearer ', 'bearer not.a.jwt', `bearer ${admin}x`, `Basic ${admin}`, 'x'.repeat(2000)),
    );
    const body = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null'),
      printable(2000),
      fc.constantFrom('', '{', '[]', 'null', '"', '{"a":}', nested(40, '[', ']')),
    );
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(headers, token, body, async (h, bladeAuth, payload) => {
          await send(
            {
              method: op.method,
              url: op.url,
              headers: { authorization: BASIC, 'blade-auth': bladeAuth, ...h },
              ...(op.method === 'POST' ? { payload } : {}),
            },
            `headers ${JSON.stringify(h).slice(0, 150)}`,
          );
        }),
        { numRuns: 6, seed: 20261123 },
      );
    }
  }, 900_000);
});
