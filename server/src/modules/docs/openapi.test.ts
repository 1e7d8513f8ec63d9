import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from '../../test/harness.js';

describe('API documentation', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('serves a browsable page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/docs/page.js');
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/page.js' });
    expect(script.headers['content-type']).toContain('javascript');
  });
});
