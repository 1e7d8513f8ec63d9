import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../test/fixtures.js';
import { call, serverForDescribe } from '../../../test/harness.js';
import { qiniu } from './others.js';
import type { SmsCredentials } from './provider.js';
import { tencent } from './tencent.js';

const SECRET = 'provider-secret-key';

/** Aliyun's documented RPC check, written from the documentation, not from our client. */
function aliyunValid(url: URL): boolean {
  const params = [...url.searchParams.entries()].filter(([k]) => k !== 'Signature');
  const enc = (s: string) =>
    encodeURIComponent(s)
      .replace(/\+/g, '%20')
      .replace(/\*/g, '%2A')
      .replace(/%7E/g, '~')
      .replace(/[!'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const canonical = params
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
  const expected = createHmac('sha1', `${SECRET}&`)
    .update(`GET&${enc('/')}&${enc(canonical)}`)
    .digest('base64');
  return expected === url.searchParams.get('Signature');
}

/** Tencent Cloud's documented TC3-HMAC-SHA256 check. */
function tencentValid(req: IncomingMessage, body: string): boolean {
  const auth = String(req.headers.authorization);
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=content-type;host, Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return false;
  const [, , date, signature] = m;
  const timestamp = String(req.headers['x-tc-timestamp']);
  const hash = (s: string) => createHash('sha256').update(s).digest('hex');
  const canonical = `POST\n/\n\ncontent-type:${req.headers['content-type']}\nhost:${req.headers.host}\n\ncontent-type;host\n${hash(body)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${hash(canonical)}`;
  const k = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();
  const expected = createHmac('sha256', k(k(k(`TC3${SECRET}`, date!), 'sms'), 'tc3_request'))
    .update(toSign)
    .digest('hex');
  return expected === signature && new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) === date;
}

describe('SMS', () => {
  // The fake provider listens on this host: the operator setting lets tenants' addresses reach it.
  const t = serverForDescribe({ SMS_CUSTOM_ENDPOINTS: 'true', OUTBOUND_PRIVATE_ALLOWED: 'true' });
  let provider: Server;
  let endpoint: string;
  const seen: Array<{ kind: string; valid: boolean; detail: unknown }> = [];

  beforeAll(async () => {
    provider = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        if (req.method === 'GET' && url.searchParams.get('Action') === 'SendSms') {
          const valid = aliyunValid(url);
          seen.push({ kind: 'aliyun', valid, detail: Object.fromEntries(url.searchParams) });
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify(
              valid
                ? { Code: 'OK', Message: 'OK', BizId: 'biz-1' }
                : { Code: 'SignatureDoesNotMatch', Message: 'bad signature' },
            ),
          );
          return;
        }
        if (req.method === 'POST' && req.headers['x-tc-action'] === 'SendSms') {
          const valid = tencentValid(req, body);
          seen.push({ kind: 'tencent', valid, detail: JSON.parse(body) });
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify(
              valid
                ? { Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success' }], RequestId: 'r1' } }
                : { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad signature' } } },
            ),
          );
          return;
        }
        res.statusCode = 404;
        res.end();
      });
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', () => r()));
    endpoint = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => provider.close(r));
  });

  const send = (body: Record<string, unknown>, token = t.admin) =>
    call(t.app, token, {
      method: 'POST',
      url: '/api/blade-resource/sms/endpoint/send-message',
      payload: body,
    });

  /** Saves a provider's settings, pointed at the fake provider and signing with its key unless told otherwise. */
  const saved = (payload: Record<string, unknown>) =>
    t.ok<{ id: string }>({
      method: 'POST',
      url: '/api/blade-resource/sms/submit',
      payload: { signName: '商城', secretKey: SECRET, ...payload, endpoint },
    });
  /** Saves a provider's settings and makes it the one messages go through. */
  const enabled = async (payload: Record<string, unknown>) => {
    const config = await saved(payload);
    await t.ok({ method: 'POST', url: '/api/blade-resource/sms/enable', query: { id: config.id } });
  };

  it('refuses bad phone numbers before anything is sent', async () => {
    const cases: Array<[string, string]> = [
      ['', '手机号码不能为空'],
      ['1381234567', '手机号码长度不为11位'],
      ['0571-888888', '手机号码格式不正确'],
      ['13812345678,12345678901', '手机号码格式不正确'],
    ];
    for (const [phones, msg] of cases) {
      const res = await send({ phones, params: '{"code":"1234"}' });
      expect(res.statusCode, phones).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect(seen).toHaveLength(0);
    const records = await t.services.data
      .forTenant('000000')
      .selectFrom('blade_sms_record')
      .select('id')
      .execute();
    expect(records).toHaveLength(0);
  });

  it('records the message without sending when no provider is configured', async () => {
    const res = await send({ phones: '13812345678', params: { code: '1234' } });
    expect(res.json()).toMatchObject({ code: 200, msg: '发送成功!' });
    const [record] = await t.services.data
      .forTenant('000000')
      .selectFrom('blade_sms_record')
      .selectAll()
      .execute();
    expect(record).toMatchObject({
      category: 0,
      phones: '13812345678',
      success: 1,
      params: '{"code":"1234"}',
    });
    const listed = await ok<{ records: Array<Record<string, unknown>> }>(t.app, t.admin, {
      method: 'GET',
      url: '/api/blade-resource/sms/record/list',
      query: { phones: '1381234' },
    });
    expect(listed.records[0]).toMatchObject({ category: 0, phones: '13812345678', success: 1 });
  });

  it('signs Aliyun requests the way Aliyun checks them', async () => {
    await enabled({ category: 3, smsCode: 'ali', templateId: 'SMS_100', accessKey: 'ak-ali' });
    const res = await send({ phones: '13812345678,13912345678', params: '{"code":"8888"}' });
    expect(res.json()).toMatchObject({ code: 200, data: { message: 'OK biz-1' } });
    expect(seen.at(-1)).toMatchObject({
      kind: 'aliyun',
      valid: true,
      detail: {
        PhoneNumbers: '13812345678,13912345678',
        TemplateCode: 'SMS_100',
        SignName: '商城',
        AccessKeyId: 'ak-ali',
      },
    });
  });

  it('signs Tencent requests the way Tencent checks them', async () => {
    await enabled({
      category: 4,
      smsCode: 'tc',
      templateId: '1001',
      appId: '1400000000',
      accessKey: 'AKIDtest',
    });
    const res = await send({ phones: '13812345678', params: '{"code":"5678"}' });
    expect(res.json()).toMatchObject({ code: 200 });
    expect(seen.at(-1)).toMatchObject({
      kind: 'tencent',
      valid: true,
      detail: { PhoneNumberSet: ['+8613812345678'], SmsSdkAppId: '1400000000', TemplateParamSet: ['5678'] },
    });
  });

  it('reports and records a refusal by the provider (a wrong key)', async () => {
    const config = await saved({
      category: 3,
      smsCode: 'ali-bad',
      templateId: 'SMS_1',
      accessKey: 'ak',
      secretKey: 'not-the-secret',
    });
    const res = await send({ code: 'ali-bad', phones: '13812345678' });
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toContain('SignatureDoesNotMatch');
    const failed = await t.services.data
      .forTenant('000000')
      .selectFrom('blade_sms_record')
      .selectAll()
      .where('sms_id', '=', Number(config.id))
      .execute();
    expect(failed).toMatchObject([{ success: 0 }]);
    expect(JSON.stringify(failed)).not.toContain('not-the-secret');
  });
});

describe('SMS providers', () => {
  it('refuse an API address stored before endpoints were checked with a clear 400, calling nothing', async () => {
    const message = { phones: ['13812345678'], templateId: '1', signName: 's', params: { code: '1' } };
    for (const endpoint of [
      'http://localhost%00.example.com:18099',
      'http://[::ffff:127.0.0.1%25lo]:18099',
    ]) {
      const credentials: SmsCredentials = {
        endpoint,
        appId: 'a',
        accessKey: 'k',
        secretKey: 's',
        regionId: '',
      };
      for (const provider of [tencent, qiniu]) {
        let called = false;
        const refusal = await provider
          .send(message, credentials, async () => {
            called = true;
            return { status: 200, text: '{}' };
          })
          .catch((error: { status?: number; key?: string }) => error);
        expect(refusal).toMatchObject({ status: 400, key: 'smsEndpointInvalid' });
        expect(called).toBe(false);
      }
    }
  });
});
