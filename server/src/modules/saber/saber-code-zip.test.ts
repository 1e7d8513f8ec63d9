import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { serverForDescribe } from '../../test/harness.js';
import { saberCodeForm } from './saber-test-kit.js';

type Row = Record<string, unknown>;

/**
 * Saber's 代码生成 button posts `gen-code?ids=…&system=saber3` and, with SpringBlade, finds the
 * files written to the typed output directories. We never write a path a tenant names: the answer
 * is the zip (which Saber drops), and the same zip opens in a browser at a GET address.
 */
describe('Saber 4.x 代码生成: what a Saber user gets', () => {
  const t = serverForDescribe();
  const url = '/api/blade-develop/code/gen-code';

  const entry = async (): Promise<string> => {
    const saved = await t.ok<Row>({
      method: 'POST',
      url: '/api/blade-develop/code/submit',
      payload: saberCodeForm('0', 'D:\\Develop'),
    });
    return String(saved.id);
  };
  const namesIn = (zip: Buffer) => Object.keys(unzipSync(new Uint8Array(zip))).sort();

  it("answers Saber's call with the zip and registers nothing", async () => {
    const id = await entry();
    const res = await t.call({ method: 'POST', url, query: { ids: id, system: 'saber3' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(namesIn(res.rawPayload).length).toBeGreaterThan(0);
    const detail = await t.ok<Row>({ method: 'GET', url: '/api/blade-develop/code/detail', query: { id } });
    expect(detail.registered).toBe(0);
  });

  it('serves the same zip at a GET address carrying the token, which a browser tab opens', async () => {
    const id = await entry();
    const posted = await t.call({ method: 'POST', url, query: { ids: id } });
    const link = `${url}?ids=${id}&blade-auth=${encodeURIComponent(`bearer ${t.admin}`)}`;
    const opened = await t.app.inject({ method: 'GET', url: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/zip');
    expect(opened.headers['content-disposition']).toMatch(/^attachment; filename=".+\.zip"$/);
    expect(namesIn(opened.rawPayload)).toEqual(namesIn(posted.rawPayload));
    // The address only downloads: `system` (registration) is a POST's.
    const registering = await t.app.inject({ method: 'GET', url: `${link}&system=true` });
    expect(registering.headers['content-type']).toBe('application/zip');
    expect((await t.app.inject({ method: 'GET', url: `${url}?ids=${id}` })).statusCode).toBe(401);
  });
});
