import { describe, expect, it } from 'vitest';
import type { FieldChange } from '../../crud/history.js';
import { openDatabase } from '../../db/database.js';
import { crashSuite, httpToken, killMidWrites, postOk } from '../../test/child-server.js';

const WORKERS = 16;

/**
 * The real server is killed (SIGKILL) while posts are being edited. Each worker edits its own
 * post, naming it `w<worker>-v<n>` with n counting up, so after a restart the name tells how
 * many edits committed; the post's history must hold exactly that many edits after its creation,
 * the last one ending at that name: a change never commits without its history row, nor a
 * history row without its change.
 */
describe('a server killed while rows and their history are written', () => {
  const suite = crashSuite();

  it('never keeps a change without its history row, or a history row without its change', async () => {
    const server = await suite.start();
    const token = await httpToken(server.baseUrl);
    const posts: string[] = [];
    for (let worker = 0; worker < WORKERS; worker++) {
      const post = await postOk(server, token, '/blade-system/post/submit', {
        postCode: `crash-${worker}`,
        postName: `w${worker}-v0`,
        category: 1,
        sort: 1,
      });
      posts.push(post.data.id);
    }
    const edits = new Array<number>(WORKERS).fill(0);
    let acknowledged = 0;
    const cut = await killMidWrites(server, {
      workers: WORKERS,
      enough: 200,
      acknowledged: () => acknowledged,
      write: async (worker) => {
        const next = edits[worker]! + 1;
        await postOk(server, token, '/blade-system/post/submit', {
          id: posts[worker],
          postCode: `crash-${worker}`,
          postName: `w${worker}-v${next}`,
          category: 1,
          sort: 1,
        });
        edits[worker] = next;
        acknowledged++;
      },
    });
    expect(acknowledged).toBeGreaterThanOrEqual(200);
    expect(cut).toBeGreaterThan(0);

    const data = openDatabase(suite.url());
    try {
      const raw = data.unscoped();
      for (const [worker, id] of posts.entries()) {
        const row = await raw
          .selectFrom('blade_post')
          .select('post_name')
          .where('id', '=', Number(id))
          .executeTakeFirstOrThrow();
        const committed = Number(/-v(\d+)$/.exec(String(row.post_name))![1]);
        // Every acknowledged edit is there; at most the one the kill cut may be too.
        expect(committed - edits[worker]!, `post of worker ${worker}`).toBeGreaterThanOrEqual(0);
        expect(committed - edits[worker]!, `post of worker ${worker}`).toBeLessThanOrEqual(1);
        const history = await raw
          .selectFrom('blade_data_history')
          .select(['action', 'changes'])
          .where('resource', '=', 'post')
          .where('row_id', '=', Number(id))
          .orderBy('id')
          .execute();
        expect(history.map((h) => h.action)).toEqual(['create', ...new Array(committed).fill('update')]);
        const last = JSON.parse(String(history.at(-1)!.changes)) as FieldChange[];
        expect(last.find((c) => c.field === 'postName')?.after).toBe(row.post_name);
      }
    } finally {
      await data.close();
    }
  }, 60_000);
});
