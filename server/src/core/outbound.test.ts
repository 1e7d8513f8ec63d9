import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../test/harness.js';
import { isOutboundInvalid, isOutboundRefused, networksOf, OutboundGuard } from './outbound.js';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(name: string, body: Buffer) {
  const boundary = '----outbound';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('which addresses the guard lets through', () => {
  const strict = new OutboundGuard({ privateAllowed: false, allowedNetworks: networksOf('') });

  it('refuses this host, private, link-local, metadata, multicast, reserved and mapped forms', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fd00:ec2::254',
      'fe80::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      'not-an-address',
    ])
      expect(strict.allows(address), address).toBe(false);
    for (const address of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '2001:4860:4860::8888'])
      expect(strict.allows(address), address).toBe(true);
  });

  it('answers every odd address with a refusal of its own kind, never a thrown TypeError', async () => {
    const odd = [
      'http://localhost%00.example.com:18099',
      'http://[::ffff:127.0.0.1%25lo]:18099',
      'http://[::1%25eth0]/',
      'http://[fe80::1%lo]/',
      'http://[::ffff:127.0.0.1',
      'http://127.0.0.1]',
      'http://a b.example/',
      'http://%zz/',
      'http://%/',
      'http://:80',
      'http://@/',
      'http://u:p@/',
      'http://[]/',
      'http://1.2.3.4.5/',
      'http://256.0.0.1/',
      'http://0x7f.1/',
      'http://127.1:99999/',
      'http://example.com:-1/',
      'http:///x',
      'http:',
      'http://',
      '//127.0.0.1/',
      'ftp://127.0.0.1/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http://\u0000/',
      'http://xn--/',
      'http://xn--a.example/',
      'http://ex\u00admple.com/',
      'http://%E2%80%AE.example/',
      '',
      ' ',
      'http://example.com\u0000/',
      'http://\uD800/',
    ];
    // Mutations of the two reported addresses: each character of a few odd ones at each place.
    for (const base of ['http://127.0.0.1:18099/', 'http://[::1]:18099/'])
      for (let i = 7; i < base.length; i++)
        for (const c of ['%00', '%25', '[', ']', '@', '\\', '%', '#', '?', '\u0000', ' '])
          odd.push(base.slice(0, i) + c + base.slice(i));
    for (const url of odd) {
      const error = await strict.checkUrl(url).then(
        () => undefined,
        (e: unknown) => e,
      );
      if (error !== undefined)
        expect(isOutboundRefused(error) || isOutboundInvalid(error), `${JSON.stringify(url)}: ${error}`).toBe(
          true,
        );
      let sync: unknown;
      try {
        strict.assertUrl(url);
      } catch (e) {
        sync = e;
      }
      if (sync !== undefined)
        expect(isOutboundRefused(sync) || isOutboundInvalid(sync), `${JSON.stringify(url)}: ${sync}`).toBe(
          true,
        );
    }
    for (const host of ['a\u0000b', '', '[', '[::1', '%00', ' ', 'localhost%00.example.com'])
      await expect(
        strict.check(host).then(
          () => 'let through',
          (e: unknown) => isOutboundRefused(e),
        ),
      ).resolves.not.toBe(false);
    await expect(strict.checkUrl('http://[::ffff:127.0.0.1%25lo]:18099')).rejects.toMatchObject({
      code: 'EOUTBOUNDINVALID',
    });
    await expect(strict.checkUrl('http://[::ffff:127.0.0.1]:18099')).rejects.toMatchObject({
      code: 'EOUTBOUNDREFUSED',
    });
  });

  it('lets through the networks the operator allows, or everything when private addresses are allowed', () => {
    const some = new OutboundGuard({
      privateAllowed: false,
      allowedNetworks: networksOf('10.0.0.0/24, fd00::5'),
    });
    expect(some.allows('10.0.0.7')).toBe(true);
    expect(some.allows('10.0.1.7')).toBe(false);
    expect(some.allows('fd00::5')).toBe(true);
    expect(
      new OutboundGuard({ privateAllowed: true, allowedNetworks: networksOf('') }).allows('127.0.0.1'),
    ).toBe(true);
    expect(() => networksOf('10.0.0.0/99')).toThrow(/prefix/);
    expect(() => networksOf('intranet')).toThrow(/not an IP address/);
  });
});

describe('addresses tenants set, over the API', () => {
  let t: TestServer;
  let admin: string;
  let listener: Server;
  let port: number;
  let received = 0;
  beforeAll(async () => {
    // Something listening on this host, as an internal service would.
    listener = createServer((_req, res) => {
      received++;
      res.end('{}');
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', () => r()));
    port = (listener.address() as AddressInfo).port;
    t = await build({ SMS_CUSTOM_ENDPOINTS: 'true' });
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => listener.close(r));
  });

  const post = (url: string, payload: Record<string, unknown>, lang = 'zh') =>
    call(t.app, admin, { method: 'POST', url, payload, headers: { 'accept-language': lang } });

  it('refuses private endpoints when storage, SMS and data source settings are saved', async () => {
    for (const endpoint of [
      `http://127.0.0.1:${port}`,
      'http://169.254.169.254/latest/meta-data',
      `http://localhost:${port}`,
      'http://[::1]:9000',
      'http://10.0.0.8:9000',
    ]) {
      const oss = await post('/api/blade-resource/oss/submit', {
        category: 2,
        ossCode: `o${received}${endpoint.length}`,
        endpoint,
        bucketName: 'media',
      });
      expect(oss.statusCode, endpoint).toBe(400);
      expect(oss.json().msg).toBe('资源地址 指向本机、内网或保留地址，不允许使用');
    }
    // Addresses no URL parser accepts: a clear refusal naming the field, not a 500.
    for (const endpoint of [
      'http://localhost%00.example.com:18099',
      'http://[::ffff:127.0.0.1%25lo]:18099',
    ]) {
      const oss = await post('/api/blade-resource/oss/submit', {
        category: 2,
        ossCode: `odd${endpoint.length}`,
        endpoint,
        bucketName: 'media',
      });
      expect(oss.statusCode, endpoint).toBe(400);
      expect(oss.json().msg).toBe('资源地址 不是有效的 http:// 或 https:// 地址');
    }
    const sms = await post(
      '/api/blade-resource/sms/submit',
      { category: 3, smsCode: 'inner', endpoint: `http://127.0.0.1:${port}` },
      'en',
    );
    expect(sms.statusCode).toBe(400);
    expect(sms.json().msg).toBe(
      'API address points at this host, a private network or a reserved address, which is not allowed',
    );
    for (const url of [
      'postgres://127.0.0.1:5432/blade_test',
      'postgres://db.example/x?host=/var/run/postgresql',
    ]) {
      const source = await post('/api/blade-develop/datasource/submit', {
        name: url,
        kind: 'postgresql',
        url,
      });
      expect(source.statusCode, url).toBe(400);
      expect(source.json().msg).toBe('数据源地址指向本机、内网或保留地址，不允许连接');
    }
    expect(received).toBe(0);
  });

  it('refuses at connection time too (a name may resolve elsewhere later), the same whether a port answers or not', async () => {
    // Saved with a public address, then pointed at this host as a changed DNS record would.
    const config = await ok<Record<string, unknown>>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/oss/submit',
      payload: { category: 2, ossCode: 'later', endpoint: 'http://93.184.216.34:9000', bucketName: 'media' },
    });
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/oss/enable',
      query: { id: String(config.id) },
    });
    const db = t.services.data.forTenant('000000');
    const answers: string[] = [];
    for (const endpoint of [`http://127.0.0.1:${port}`, 'http://127.0.0.1:1', `http://localhost:${port}`]) {
      await db.updateTable('blade_oss').set({ endpoint }).where('id', '=', Number(config.id)).execute();
      const res = await call(t.app, admin, {
        method: 'POST',
        url: '/api/blade-resource/oss/endpoint/put-file',
        ...multipart('a.png', PNG),
      });
      expect(res.statusCode, endpoint).toBe(400);
      answers.push(res.json().msg);
    }
    expect(new Set(answers)).toEqual(
      new Set(['对象存储地址指向本机、内网或保留地址，不允许访问，请检查对象存储配置']),
    );

    const sms = await ok<Record<string, unknown>>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-resource/sms/submit',
      payload: { category: 3, smsCode: 'later', endpoint: 'http://93.184.216.34:9000' },
    });
    await db
      .updateTable('blade_sms')
      .set({ endpoint: `http://localhost:${port}` })
      .where('id', '=', Number(sms.id))
      .execute();
    const sent = await post('/api/blade-resource/sms/endpoint/send-message', {
      code: 'later',
      phones: '13812345678',
      params: '{"code":"1"}',
    });
    expect(sent.statusCode).toBe(400);
    expect(sent.json().msg).toBe('短信接口地址指向本机、内网或保留地址，不允许访问，请检查短信配置');

    const tests = await Promise.all(
      [
        'postgres://127.0.0.1:5432/blade_test',
        'postgres://127.0.0.1:1/none',
        'postgres://localhost:5432/x',
      ].map((url) =>
        post('/api/blade-develop/datasource/test', {
          kind: 'postgresql',
          url,
          username: 'blade',
          password: 'blade',
        }),
      ),
    );
    for (const res of tests) {
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('数据源地址指向本机、内网或保留地址，不允许连接');
    }
    expect(received, 'nothing reached the listening service').toBe(0);
  });
});
