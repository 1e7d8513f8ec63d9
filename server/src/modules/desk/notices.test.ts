import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/digest.js';
import { sanitizeRichText } from '../../core/rich-text.js';
import { toWireTime } from '../../core/time.js';
import { seedTenant, seedTenantContent } from '../../db/seed/seed.js';
import { ok } from '../../test/fixtures.js';
import { BASIC, build, type TestServer, tokenOf } from '../../test/harness.js';
import { jobNamed } from '../../test/jobs.js';
import { MAX_STREAMS_PER_SESSION } from './notice-routes.js';

/** Reads server-sent events from a stream until `want` events of the given name arrived or time ran out. */
async function collect(
  url: string,
  token: string,
  name: string,
  want: number,
  ms: number,
  onReady: () => Promise<void>,
) {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const events: unknown[] = [];
  let buffer = '';
  let readyFired = false;
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    while (events.length < want) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += new TextDecoder().decode(value);
      let split = buffer.indexOf('\n\n');
      while (split >= 0) {
        const block = buffer.slice(0, split);
        buffer = buffer.slice(split + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event === 'ready' && !readyFired) {
          readyFired = true;
          void onReady();
        }
        if (event === name && data) events.push(JSON.parse(data));
        split = buffer.indexOf('\n\n');
      }
    }
  } catch {
    // aborted: time is up
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return events;
}

describe('notices', () => {
  let t: TestServer;
  let admin: string;
  let other: string;
  let address: string;

  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
    const db = t.services.data.unscoped();
    const menus = await db.selectFrom('blade_menu').select(['id', 'code']).execute();
    await seedTenant(db, '300003', 'Third');
    await seedTenantContent(db, '300003', {
      menuIds: new Map(menus.map((m) => [m.code, m.id])),
      passwordHash: await t.services.hasher.hash(md5('third-pass')),
      adminAccount: 'admin',
      roleAlias: 'admin',
    });
    other = (await tokenOf(t.app, { tenantId: '300003', password: 'third-pass' })).access_token;
    address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('strips scripts, handlers and dangerous links from rich text', () => {
    const dirty =
      '<p onclick="x()">Hi <b>all</b><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://a/b.png" onerror="y()"></p>';
    const clean = sanitizeRichText(dirty);
    expect(clean).toBe('<p>Hi <b>all</b><a rel="noopener noreferrer">x</a><img src="https://a/b.png" /></p>');
  });

  it('saves a notice with its content sanitised', async () => {
    const notice = await ok<Record<string, unknown>>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-desk/notice/submit',
      payload: {
        title: '系统升级',
        category: 1,
        releaseTime: '2026-01-01 08:00:00',
        content: '<p>周末升级<script>steal()</script></p>',
      },
    });
    expect(notice.content).toBe('<p>周末升级</p>');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/blade-desk/notice/submit',
      headers: { authorization: BASIC, 'blade-auth': `bearer ${admin}` },
      payload: { category: 1 },
    });
    expect(missing.json().msg).toBe('请输入通知标题');
  });

  it('delivers a published notice to signed-in browsers of the same tenant only, at once', async () => {
    const publish = async () => {
      await ok(t.app, admin, {
        method: 'POST',
        url: '/api/blade-desk/notice/submit',
        payload: {
          title: '放假通知',
          category: 1,
          releaseTime: '2026-01-02 09:00:00',
          content: '<p>元旦放假</p>',
        },
      });
    };
    const [mine, theirs] = await Promise.all([
      collect(`${address}/api/blade-desk/notice/stream`, admin, 'notice', 1, 5000, publish),
      collect(`${address}/api/blade-desk/notice/stream`, other, 'notice', 1, 2500, async () => {}),
    ]);
    expect(mine).toEqual([
      expect.objectContaining({ title: '放假通知', category: 1, releaseTime: '2026-01-02 09:00:00' }),
    ]);
    expect(theirs).toEqual([]);
  });

  it(`keeps at most ${MAX_STREAMS_PER_SESSION} streams open per session, ending the oldest`, async () => {
    // Before: one token could open streams without limit.
    const session = (await tokenOf(t.app)).access_token;
    const streams = [];
    for (let i = 0; i <= MAX_STREAMS_PER_SESSION; i++) {
      const controller = new AbortController();
      const res = await fetch(`${address}/api/blade-desk/notice/stream`, {
        headers: { authorization: BASIC, 'blade-auth': `bearer ${session}` },
        signal: controller.signal,
      });
      const reader = res.body!.getReader();
      await reader.read(); // the ready event
      streams.push({ controller, reader });
    }
    const oldest = await Promise.race([
      streams[0]!.reader.read().then((r) => r.done),
      new Promise((r) => setTimeout(() => r('still open'), 3000)),
    ]);
    expect(oldest).toBe(true);
    const newest = await Promise.race([
      streams
        .at(-1)!
        .reader.read()
        .then((r) => r.done),
      new Promise((r) => setTimeout(() => r('still open'), 500)),
    ]);
    expect(newest).toBe('still open');
    for (const s of streams) s.controller.abort();
  });

  it('publishes a notice dated ahead at its time: hidden from users until then, then listed and announced', async () => {
    // The platform administrator may run the tenant's publishing job every second.
    const job = await jobNamed(t.app, admin, 'desk.publish-notices');
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-job/job/update',
      payload: { id: job.id, cron: '* * * * * *' },
    });
    const shown = async () =>
      (
        await ok<{ records: Array<{ title: string }> }>(t.app, admin, {
          method: 'GET',
          url: '/api/blade-desk/notice/list',
          query: { current: '1', size: '50', published: '1' },
        })
      ).records.map((n) => n.title);
    const due = Date.now() + 3000;
    const releaseTime = toWireTime(new Date(due), t.config.timeZone);
    let saved: { id: string; published: number } | undefined;
    const events = await collect(
      `${address}/api/blade-desk/notice/stream`,
      admin,
      'notice',
      1,
      15_000,
      async () => {
        saved = await ok(t.app, admin, {
          method: 'POST',
          url: '/api/blade-desk/notice/submit',
          payload: { title: '定时通知', category: 1, releaseTime },
        });
        expect(await shown()).not.toContain('定时通知');
      },
    );
    const arrived = Date.now();
    expect(saved?.published).toBe(0);
    expect(events).toEqual([expect.objectContaining({ id: saved?.id, title: '定时通知', releaseTime })]);
    // Not before its time (to the second the release time is written in).
    expect(arrived).toBeGreaterThanOrEqual(due - 1000);
    expect(await shown()).toContain('定时通知');
    const detail = await ok<{ published: number }>(t.app, admin, {
      method: 'GET',
      url: `/api/blade-desk/notice/detail?id=${saved?.id}`,
    });
    expect(detail.published).toBe(1);
  });

  it('does not announce a notice whose release time is still ahead', async () => {
    const events = await collect(
      `${address}/api/blade-desk/notice/stream`,
      admin,
      'notice',
      1,
      1500,
      async () => {
        await ok(t.app, admin, {
          method: 'POST',
          url: '/api/blade-desk/notice/submit',
          payload: { title: '明年计划', category: 1, releaseTime: '2099-01-01 00:00:00' },
        });
      },
    );
    expect(events).toEqual([]);
  });
});
