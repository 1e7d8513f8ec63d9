import { resources } from '@blade/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../test/harness.js';

type Row = Record<string, unknown>;

/** A real 1×1 PNG and the smallest PDF file-type recognises. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const DIRTY =
  '<p onclick="steal()">Hi <b>all</b><script>alert(1)</script>' +
  '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="https://evil"></iframe></p>';

function multipart(name: string, body: Buffer) {
  const boundary = '----content';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const expectClean = (html: unknown) => {
  const text = String(html);
  expect(text).toContain('<b>all</b>');
  for (const bad of ['<script', 'onerror', 'onclick', 'javascript:', '<iframe'])
    expect(text).not.toContain(bad);
};

describe('what tenants store and what browsers get back', () => {
  let t: TestServer;
  let admin: string;
  const refs: Record<string, string> = {};
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
    refs.column = String(
      (
        await ok<Row>(t.app, admin, {
          method: 'POST',
          url: '/api/mall/lessoncolumn/submit',
          payload: { name: '栏目' },
        })
      ).id,
    );
  });
  afterAll(() => t.close());

  const upload = (name: string, body: Buffer, purpose?: string) =>
    call(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file',
      query: purpose ? { purpose } : {},
      ...multipart(name, body),
    });

  /** A valid body of every resource that declares a rich-text field, with `html` in it. */
  const withRichText = (html: string): Record<string, [string, Row]> => ({
    notice: [
      '/api/blade-desk/notice/submit',
      { title: 'n', category: 1, releaseTime: '2099-01-01 00:00:00', content: html },
    ],
    publicize: ['/api/mall/publicize/save', { title: 'p', content: html }],
    lesson: ['/api/mall/lesson/submit', { columnId: refs.column, title: 'l', description: html }],
    activity: [
      '/api/mall/activity/save',
      { title: 'a', startTime: '2027-01-01 09:00:00', quota: 5, content: html },
    ],
    product: ['/api/mall/product/save', { name: 'x', category: 1, price: 100, description: html }],
  });

  it('sanitises every rich-text field the registry declares, on create and on update', async () => {
    // Before: only notices were sanitised; product, publicity, activity and lesson texts kept scripts.
    const declared = Object.values(resources)
      .filter((r) => r.fields.some((f) => f.type === 'richtext'))
      .map((r) => r.name)
      .sort();
    const bodies = withRichText(DIRTY);
    expect(Object.keys(bodies).sort()).toEqual(declared);
    for (const [name, [url, body]] of Object.entries(bodies)) {
      const saved = await ok<Row>(t.app, admin, { method: 'POST', url, payload: body });
      const field = resources[name]!.fields.find((f) => f.type === 'richtext')!.name;
      expectClean(saved[field]);
      const base = url.slice(0, url.lastIndexOf('/'));
      const write = resources[name]!.endpoints.includes('update') ? 'update' : 'submit';
      const updated = await ok<Row>(t.app, admin, {
        method: 'POST',
        url: `${base}/${write}`,
        payload: { id: saved.id, [field]: `${DIRTY}<p>again</p>` },
      });
      expectClean(updated[field]);
      expect(String(updated[field])).toContain('again');
    }
  });

  it('sanitises a large rich text as well (off the request thread)', async () => {
    const big = `${'<p>段落 <b>all</b> <img src="https://img.example/a.png" onerror="x()"></p>'.repeat(2000)}${DIRTY}`;
    expect(big.length).toBeGreaterThan(100_000);
    const [url, body] = withRichText(big).product!;
    const saved = await ok<Row>(t.app, admin, { method: 'POST', url, payload: body });
    expectClean(saved.description);
    expect(String(saved.description)).toContain('src="https://img.example/a.png"');
  });

  it('accepts only http(s) links and paths of this site in link fields', async () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      ' javascript:x',
    ]) {
      for (const [url, body] of [
        ['/api/mall/banner/submit', { title: 'b', position: 1, image: bad }],
        ['/api/mall/banner/submit', { title: 'b', position: 1, image: '/a.png', linkUrl: bad }],
        ['/api/mall/links/save', { typeId: '1', name: 'l', url: bad }],
        ['/api/mall/product/save', { name: 'x', category: 1, price: 1, cover: bad }],
        [
          '/api/mall/product/save',
          { name: 'x', category: 1, price: 1, images: `https://ok.example/a.png,${bad}` },
        ],
        ['/api/blade-user/update-info', { avatar: bad }],
      ] as const) {
        const res = await call(t.app, admin, { method: 'POST', url, payload: body });
        expect(res.statusCode, `${url} ${bad}`).toBe(400);
      }
    }
    const fine = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/mall/banner/submit',
      payload: { title: 'b', position: 1, image: '/favicon.svg', linkUrl: 'https://shop.example/p?id=1' },
    });
    expect(fine.image).toBe('/favicon.svg');
  });

  it('takes only images as images: uploads for image fields, and stored files an image field names', async () => {
    const pdf = await upload('brochure.pdf', PDF);
    expect(pdf.statusCode).toBe(200);
    const pdfLink = (pdf.json().data as { link: string }).link;
    const banner = await call(t.app, admin, {
      method: 'POST',
      url: '/api/mall/banner/submit',
      payload: { title: 'b', position: 1, image: pdfLink },
    });
    expect(banner.statusCode).toBe(400);
    expect(banner.json().msg).toBe('图片 必须是图片，所选的上传文件不是图片');
    const asImage = await upload('brochure.png', PDF, 'image');
    expect(asImage.statusCode).toBe(400);
    expect(asImage.json().msg).toBe('请上传图片（jpg、png、gif、webp 或 bmp），此文件是 pdf');
    const png = await upload('logo.png', PNG, 'image');
    expect(png.statusCode).toBe(200);
    const link = (png.json().data as { link: string }).link;
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/mall/banner/submit',
      payload: { title: 'b', position: 1, image: link },
    });
  });

  it('serves stored files a browser could run as sandboxed downloads, images inline', async () => {
    const pdfLink = ((await upload('doc.pdf', PDF)).json().data as { link: string }).link;
    const pdf = await t.app.inject({ method: 'GET', url: pdfLink });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe('attachment');
    expect(pdf.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    const pngLink = ((await upload('pic.png', PNG)).json().data as { link: string }).link;
    const png = await t.app.inject({ method: 'GET', url: pngLink });
    expect(png.headers['content-disposition']).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });
});
