import { createHmac } from 'node:crypto';
import { trimSlashes } from '../../../core/text.js';
import { safeJson } from './aliyun.js';
import { apiHost, type SmsProvider } from './provider.js';

/** Yunpian: template batch send with the account's API key (kept as the secret key). */
export const yunpian: SmsProvider = {
  async send(message, c, call) {
    const tplValue = Object.entries(message.params)
      .map(([k, v]) => `${encodeURIComponent(`#${k}#`)}=${encodeURIComponent(v)}`)
      .join('&');
    const body = new URLSearchParams({
      apikey: c.secretKey,
      mobile: message.phones.join(','),
      tpl_id: message.templateId,
      tpl_value: tplValue,
    });
    const res = await call(
      `${trimSlashes(c.endpoint || 'https://sms.yunpian.com')}/v2/sms/tpl_batch_send.json`,
      {
        method: 'POST',
        body: body.toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      },
    );
    if ('success' in res) return res;
    const json = safeJson(res.text);
    const ok =
      res.status === 200 &&
      Array.isArray(json?.data) &&
      (json.data as Array<{ code: number }>).every((d) => d.code === 0);
    return { success: ok, message: ok ? 'sent' : String(json?.msg ?? json?.detail ?? res.text) };
  },
};

/** Qiniu: "Qiniu <ak>:<sign>" where sign is the URL-safe HMAC-SHA1 of the request line, headers and body. */
export const qiniu: SmsProvider = {
  async send(message, c, call) {
    const base = trimSlashes(c.endpoint || 'https://sms.qiniuapi.com');
    const host = apiHost(base);
    const body = JSON.stringify({
      template_id: message.templateId,
      mobiles: message.phones,
      parameters: message.params,
    });
    const toSign = `POST /v1/message\nHost: ${host}\nContent-Type: application/json\n\n${body}`;
    const sign = createHmac('sha1', c.secretKey)
      .update(toSign)
      .digest('base64')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    const res = await call(`${base}/v1/message`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', Authorization: `Qiniu ${c.accessKey}:${sign}` },
    });
    if ('success' in res) return res;
    const json = safeJson(res.text);
    return res.status === 200
      ? { success: true, message: `job ${String(json?.job_id ?? '')}`.trim() }
      : { success: false, message: String(json?.message ?? json?.error ?? res.text) };
  },
};
