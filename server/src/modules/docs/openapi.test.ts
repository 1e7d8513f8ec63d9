import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from '../../test/harness.js';

describe('API documentation', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('documents every /api route, with resource fields from the registry', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const route of t.app.apiRoutes) {
      const path = route.url.replace(/\*$/, '{path}');
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    const submit = doc.paths['/api/blade-system/param/submit'].post;
    expect(submit.description).toBe(
      'Needs permission param_add or param_edit, in the platform tenant 000000.',
    );
    expect(submit.requestBody.content['application/json'].schema.required).toEqual([
      'paramName',
      'paramKey',
      'paramValue',
    ]);
    const list = doc.paths['/api/blade-system/param/list'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['current', 'size', 'paramName', 'createTime_dategt']),
    );
    expect(JSON.stringify(doc.paths['/api/blade-user/page'])).not.toContain('"password"');
  });

  it('serves a browsable page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/docs/page.js');
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/page.js' });
    expect(script.headers['content-type']).toContain('javascript');
  });
});
