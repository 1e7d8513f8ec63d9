import type { AddressInfo } from 'node:net';
import { EQUITY_CODES_MAX } from '@blade/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from './core/digest.js';
import { BASIC, build, type TestServer, tokenOf } from './test/harness.js';
import { type HealthSample, healthProbe, now } from './test/health-probe.js';

/**
 * No request stalls the server for other users. A separate client (a worker thread, with an event
 * loop of its own) times GET /api/health over HTTP again and again while the worst requests of
 * issue 14 run against the same listening server: a stall of the server's thread (a regex
 * backtracking, a synchronous parse, a transaction holding SQLite) shows as a slow health answer
 * in the window of the request that caused it.
 *
 * The machine is shared (two cores, other test runs), so a health answer is sometimes slow for no
 * reason of ours. Each short attack therefore runs five times and counts the best of its windows
 * (a stall it causes repeats, the machine's hiccups do not); the long equity generation counts the
 * 90th percentile of its many answers. Both must stay within STALL_MS of what the idle
 * server answers on the same machine at the same time (docs/security/input-and-abuse.md).
 */
const STALL_MS = 100;
/** How often each short attack runs; the best of its windows counts. */
const RUNS = 5;

type Sample = HealthSample;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

/** The samples that were in flight during [from, to]. */
const during = (samples: Sample[], from: number, to: number) =>
  samples.filter((s) => s.at <= to && s.at + s.ms >= from);

describe('no request stalls the server for other users', () => {
  let t: TestServer;
  let base: string;
  let admin: string;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const post = async (path: string, body: string, type = 'application/json') => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: BASIC, 'blade-auth': `bearer ${admin}`, 'content-type': type },
      body,
    });
    return { status: res.status, body: (await res.json()) as { code: number; data: unknown } };
  };

  it('keeps the health route answering while the worst requests run', async () => {
    const meeting = await post(
      '/api/meeting/meeting/submit',
      JSON.stringify({
        title: '万人大会',
        startTime: '2026-12-20 09:00:00',
        codeQuantity: EQUITY_CODES_MAX,
        codeValidUntil: '2026-12-31 23:59:59',
      }),
    );
    const meetingId = (meeting.body.data as { id: string }).id;
    // Payloads are built before the clock starts, so building them is not what gets timed.
    const attacks: Array<[string, string, string, string?]> = [
      [
        'an e-mail of 60,000 dots',
        '/api/blade-user/submit',
        JSON.stringify({
          account: 'u1',
          password: md5('p'),
          realName: 'u',
          roleId: '1',
          deptId: '1',
          email: `a@${'.'.repeat(60_000)}@`,
        }),
      ],
      [
        'a link of 800,000 characters',
        '/api/mall/banner/submit',
        JSON.stringify({ title: 'b', position: 1, image: `/${'a/'.repeat(400_000)}` }),
      ],
      [
        'JSON nested 200,000 deep',
        '/api/blade-report/report/rest/submit',
        `{"name":"r","content":{"sql":"select 1","x":${'['.repeat(200_000)}1${']'.repeat(200_000)}}}`,
      ],
      [
        'text/plain nested 100,000 deep',
        '/api/mall/order/submit',
        `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`,
        'text/plain',
      ],
      [
        'rich text of 190,000 characters',
        '/api/mall/product/save',
        JSON.stringify({
          name: '详情很长的商品',
          category: 1,
          price: 100,
          description: '<p>段落 <b>粗</b> <img src="https://img.example/a.png" onerror="x()"></p>'.repeat(
            2600,
          ),
        }),
      ],
      ['a body over the limit', '/api/mall/product/save', JSON.stringify({ content: 'x'.repeat(1_100_000) })],
    ];

    const probe = healthProbe(`${base}/api/health`);
    const samples: Sample[] = [];
    const windows: Array<{ name: string; from: number; to: number }> = [];
    const answers: number[] = [];
    const timed = async (name: string, work: () => Promise<unknown>) => {
      const from = now();
      await work();
      windows.push({ name, from, to: now() });
    };
    try {
      await timed('idle', () => new Promise((r) => setTimeout(r, 3000)));
      for (let run = 0; run < RUNS; run++)
        for (const [name, path, body, type] of attacks)
          await timed(name, async () => answers.push((await post(path, body, type)).status));
      await timed('generating 100,000 equity codes', async () => {
        const generated = await post('/api/meeting/equitycode/generate', JSON.stringify({ id: meetingId }));
        expect(generated.body.data).toEqual({ generated: EQUITY_CODES_MAX, total: EQUITY_CODES_MAX });
      });
    } finally {
      samples.push(...(await probe.stop()));
    }

    expect(answers.filter((s) => s >= 500)).toEqual([]);
    expect(
      samples.filter((s) => s.status !== 200),
      'health answered every time',
    ).toEqual([]);
    const idleWindow = windows.find((w) => w.name === 'idle')!;
    const idle = during(samples, idleWindow.from, idleWindow.to).map((s) => s.ms);
    const idleP95 = percentile(idle, 95);
    const bound = idleP95 + STALL_MS;
    const report: Record<string, number> = { idleP50: percentile(idle, 50), idleP95 };
    for (const [name] of attacks) {
      const worst = windows
        .filter((w) => w.name === name)
        .map((w) => Math.max(0, ...during(samples, w.from, w.to).map((s) => s.ms)));
      report[name] = Math.min(...worst);
    }
    const generation = windows.find((w) => w.name.startsWith('generating'))!;
    const generating = during(samples, generation.from, generation.to).map((s) => s.ms);
    expect(generating.length).toBeGreaterThan(20);
    report['equity codes, p90'] = percentile(generating, 90);
    const rounded = Object.fromEntries(Object.entries(report).map(([k, v]) => [k, Math.round(v)]));
    for (const [name, ms] of Object.entries(report).filter(([k]) => !k.startsWith('idle')))
      expect(ms, `${name}: ${JSON.stringify(rounded)}`).toBeLessThan(bound);
  }, 600_000);
});
