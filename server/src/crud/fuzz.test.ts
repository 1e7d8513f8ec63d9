import { type ResourceDef, resources } from '@blade/schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, call, type TestServer, tokenOf } from '../test/harness.js';

const ALLOWED = new Set([200, 400, 401, 403, 404, 409, 413, 429]);

/** Values of every JSON shape, including the awkward ones (huge, nested, SQL-ish, control text). */
const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "' or 1=1 --",
    '"; drop table blade_user; --',
    '%',
    '_',
    '\\',
    '{{x}}',
    '<script>',
    '0',
    '-1',
    '1e309',
    'null',
    '2026-13-45 99:99:99',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
  fc.string({ minLength: 300, maxLength: 2000 }),
);

const bodyOf = (r: ResourceDef) =>
  fc.record(
    Object.fromEntries([
      ...r.fields.map((f) => [f.name, nasty] as const),
      ['id', nasty] as const,
      ['tenantId', nasty] as const,
    ]),
    { requiredKeys: [] },
  );

const queryOf = (r: ResourceDef) =>
  fc.record(
    Object.fromEntries([
      ...r.fields.map((f) => [f.name, fc.string({ maxLength: 300 })] as const),
      ['current', fc.string({ maxLength: 12 })] as const,
      ['size', fc.string({ maxLength: 12 })] as const,
      ['ascs', fc.constantFrom('id', 'createTime', 'nope', 'id;drop', '')] as const,
      ['descs', fc.string({ maxLength: 20 })] as const,
      ['createTime_dategt', fc.string({ maxLength: 25 })] as const,
    ]),
    { requiredKeys: [] },
  );

/**
 * Every registry endpoint under generated bad input answers an envelope with a 4xx (or 200 for
 * input that happens to be valid), never a 500, and refused writes change nothing.
 */
describe('registry endpoints under generated input', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await build({ LOGIN_RATE_PER_IP: '100000', LOGIN_RATE_PER_ACCOUNT: '100000' });
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  it('answers writes with an envelope and no 500, and refused writes change nothing', async () => {
    for (const r of Object.values(resources)) {
      const write = r.endpoints.includes('submit')
        ? 'submit'
        : r.endpoints.includes('save')
          ? 'save'
          : undefined;
      if (!write) continue;
      const count = async () =>
        Number(
          (
            await t.services.data
              .forTenant('000000')
              .selectFrom(r.table as 'blade_param')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      await fc.assert(
        fc.asyncProperty(bodyOf(r), async (body) => {
          const before = await count();
          const res = await call(t.app, admin, {
            method: 'POST',
            url: `/api${r.path}/${write}`,
            payload: body,
          });
          const envelope = res.json();
          expect(
            ALLOWED.has(res.statusCode),
            `${r.name} ${res.statusCode} ${res.body.slice(0, 200)} for ${JSON.stringify(body).slice(0, 300)}`,
          ).toBe(true);
          expect(envelope).toMatchObject({ code: res.statusCode, success: res.statusCode === 200 });
          if (res.statusCode !== 200) expect(await count(), `${r.name} changed on a refusal`).toBe(before);
        }),
        { numRuns: 25, seed: 20261122 },
      );
    }
  }, 240_000);

  it('answers lists, details and removes with an envelope and no 500', async () => {
    for (const r of Object.values(resources)) {
      const read = r.endpoints.find((e) => e === 'page' || e === 'list');
      await fc.assert(
        fc.asyncProperty(queryOf(r), fc.string({ maxLength: 30 }), async (query, id) => {
          for (const [method, url, q] of [
            ['GET', read ? `/api${r.path}/${read}` : undefined, query],
            ['GET', r.endpoints.includes('detail') ? `/api${r.path}/detail` : undefined, { id }],
            ['POST', r.endpoints.includes('remove') ? `/api${r.path}/remove` : undefined, { ids: id }],
          ] as const) {
            if (!url) continue;
            const res = await call(t.app, admin, { method, url, query: q as Record<string, string> });
            expect(
              ALLOWED.has(res.statusCode),
              `${method} ${url} ${res.statusCode} ${res.body.slice(0, 200)} for ${JSON.stringify(q).slice(0, 300)}`,
            ).toBe(true);
            expect(res.json().code).toBe(res.statusCode);
          }
        }),
        { numRuns: 20, seed: 20261122 },
      );
    }
  }, 240_000);
});
