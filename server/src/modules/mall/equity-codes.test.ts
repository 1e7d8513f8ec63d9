import { EQUITY_CODES_MAX } from '@blade/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../../test/harness.js';
import { EQUITY_CODE_BATCH } from './equity-codes.js';

type Row = Record<string, unknown>;

describe('equity code generation', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  const meeting = (codeQuantity: number, title = '大会') =>
    ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/meeting/meeting/submit',
      payload: {
        title,
        startTime: '2026-12-20 09:00:00',
        codeQuantity,
        codeValidUntil: '2026-12-31 23:59:59',
      },
    });
  const generate = (id: unknown) =>
    call(t.app, admin, { method: 'POST', url: '/api/meeting/equitycode/generate', payload: { id } });

  it('caps the quantity with a clear message, also for meetings saved before the cap', async () => {
    const tooMany = await call(t.app, admin, {
      method: 'POST',
      url: '/api/meeting/meeting/submit',
      payload: {
        title: '超大会议',
        startTime: '2026-12-20 09:00:00',
        codeQuantity: EQUITY_CODES_MAX + 1,
        codeValidUntil: '2026-12-31 23:59:59',
      },
    });
    expect(tooMany.statusCode).toBe(400);
    const old = await meeting(10, '旧会议');
    await t.services.data
      .forTenant('000000')
      .updateTable('mall_meeting')
      .set({ code_quantity: 200_000 })
      .where('id', '=', Number(old.id))
      .execute();
    const res = await generate(old.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(
      `一个会议最多生成 ${EQUITY_CODES_MAX} 个权益码，当前设置为 200000 个，请减少权益码数量`,
    );
  });

  it('writes in batches, so a write to the same meeting goes through while codes are generated', async () => {
    // Before: one transaction held the meeting row (and on SQLite the whole database) until the
    // last code was written, so this edit waited for all of them.
    const quantity = EQUITY_CODE_BATCH * 40;
    const row = await meeting(quantity);
    let generationDone = false;
    const generation = generate(row.id).then((res) => {
      generationDone = true;
      return res;
    });
    const db = t.services.data.forTenant('000000');
    const counter = async () =>
      Number(
        (
          await db
            .selectFrom('mall_meeting')
            .select('codes_generated')
            .where('id', '=', Number(row.id))
            .executeTakeFirstOrThrow()
        ).codes_generated,
      );
    let seen = 0;
    while (!generationDone && seen === 0) {
      const now = await counter();
      if (now > 0 && now < quantity) seen = now;
      else await new Promise((r) => setTimeout(r, 5));
    }
    expect(seen, 'no batch was committed before the last one').toBeGreaterThan(0);
    const edit = await call(t.app, admin, {
      method: 'POST',
      url: '/api/meeting/meeting/submit',
      payload: { id: row.id, title: '改名后的大会' },
    });
    expect(edit.statusCode).toBe(200);
    expect(generationDone, 'the edit waited for the whole generation').toBe(false);
    const done = await generation;
    expect(done.json().data).toEqual({ generated: quantity, total: quantity });
    expect(await counter()).toBe(quantity);
    const codes = await db
      .selectFrom('mall_equity_code')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('meeting_id', '=', Number(row.id))
      .executeTakeFirstOrThrow();
    expect(Number(codes.n)).toBe(quantity);
  });
});
