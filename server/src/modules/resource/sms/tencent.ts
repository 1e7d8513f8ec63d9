import { createHash, createHmac } from 'node:crypto';
import { safeJson } from './aliyun.js';
import { apiHost, type SmsProvider } from './provider.js';

const HOST = 'sms.tencentcloudapi.com';
const SERVICE = 'sms';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** TC3-HMAC-SHA256: the Authorization header of a Tencent Cloud API 3.0 call. */
export function tencentAuthorization(options: {
  secretId: string;
  secretKey: string;
  host: string;
  payload: string;
  timestamp: number;
}): string {
  const date = new Date(options.timestamp * 1000).toISOString().slice(0, 10);
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${CONTENT_TYPE}\nhost:${options.host}\n`,
    'content-type;host',
    sha256Hex(options.payload),
  ].join('\n');
  const scope = `${date}/${SERVICE}/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(options.timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const signingKey = hmac(hmac(hmac(`TC3${options.secretKey}`, date), SERVICE), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(toSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${options.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

/** Tencent Cloud SMS (SendSms, API version 2021-01-11). */
export const tencent: SmsProvider = {
  async send(message, c, call) {
    const base = c.endpoint || `https://${HOST}`;
    const host = apiHost(base);
    const payload = JSON.stringify({
      PhoneNumberSet: message.phones.map((p) => `+86${p}`),
      SmsSdkAppId: c.appId,
      SignName: message.signName,
      TemplateId: message.templateId,
      TemplateParamSet: Object.values(message.params),
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const res = await call(base, {
      method: 'POST',
      body: payload,
      headers: {
        Authorization: tencentAuthorization({
          secretId: c.accessKey,
          secretKey: c.secretKey,
          host,
          payload,
          timestamp,
        }),
        'Content-Type': CONTENT_TYPE,
        Host: host,
        'X-TC-Action': 'SendSms',
        'X-TC-Timestamp': String(timestamp),
        'X-TC-Version': '2021-01-11',
        'X-TC-Region': c.regionId || 'ap-guangzhou',
      },
    });
    if ('success' in res) return res;
    const response = safeJson(res.text)?.Response as
      | {
          Error?: { Code: string; Message: string };
          SendStatusSet?: Array<{ Code: string; Message: string }>;
        }
      | undefined;
    if (!response || response.Error)
      return {
        success: false,
        message: `${response?.Error?.Code ?? res.status}: ${response?.Error?.Message ?? res.text}`,
      };
    const failed = (response.SendStatusSet ?? []).filter((s) => s.Code !== 'Ok');
    return failed.length
      ? { success: false, message: failed.map((f) => `${f.Code}: ${f.Message}`).join('; ') }
      : { success: true, message: 'Ok' };
  },
};
