import { createHmac, randomUUID } from 'node:crypto';
import { trimSlashes } from '../../../core/text.js';
import type { SmsProvider } from './provider.js';

/** RFC 3986 encoding as Aliyun's RPC signature requires it. */
export const percentEncode = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The RPC signature: HMAC-SHA1 of "GET&%2F&<encoded canonical query>" keyed with "<secret>&". */
export function aliyunSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
  const toSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

/** Aliyun SMS (dysmsapi SendSms, API version 2017-05-25). */
export const aliyun: SmsProvider = {
  async send(message, c, call) {
    const params: Record<string, string> = {
      AccessKeyId: c.accessKey,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.phones.join(','),
      RegionId: c.regionId || 'cn-hangzhou',
      SignName: message.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: message.templateId,
      TemplateParam: JSON.stringify(message.params),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const signature = aliyunSignature('GET', params, c.secretKey);
    const query = Object.entries({ ...params, Signature: signature })
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join('&');
    const base = trimSlashes(c.endpoint || 'https://dysmsapi.aliyuncs.com');
    const res = await call(`${base}/?${query}`, { method: 'GET' });
    if ('success' in res) return res;
    const body = safeJson(res.text);
    const ok = res.status === 200 && body?.Code === 'OK';
    return {
      success: ok,
      message: ok
        ? `OK ${String(body?.BizId ?? '')}`.trim()
        : `${String(body?.Code ?? res.status)}: ${String(body?.Message ?? res.text)}`,
    };
  },
};

export function safeJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
