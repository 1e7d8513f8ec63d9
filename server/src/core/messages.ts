import { developMessages } from './messages/develop.js';
import { explainMessages } from './messages/explain.js';
import { filesMessages } from './messages/files.js';
import { flowMessages } from './messages/flow.js';
import { jobsMessages } from './messages/jobs.js';
import { mallMessages } from './messages/mall.js';
import { recordsMessages } from './messages/records.js';
import { requestsMessages } from './messages/requests.js';
import { signInMessages } from './messages/sign-in.js';
import { spreadsheetsMessages } from './messages/spreadsheets.js';

/**
 * Server messages in both languages; `msg` of every answer comes from here in the caller's
 * language. Each area's messages are in messages/<area>.ts.
 */
const catalog = {
  ...requestsMessages,
  ...signInMessages,
  ...filesMessages,
  ...mallMessages,
  ...flowMessages,
  ...recordsMessages,
  ...spreadsheetsMessages,
  ...developMessages,
  ...jobsMessages,
  ...explainMessages,
};

export type MessageKey = keyof typeof catalog;
export type Language = 'zh' | 'en';
export type MessageParams = Record<string, string | number>;

export function translate(key: MessageKey, lang: Language, params: MessageParams = {}): string {
  return catalog[key][lang].replace(/\{(\w{1,32})\}/g, (_, name: string) =>
    String(params[name] ?? `{${name}}`),
  );
}

/** Picks zh or en from an Accept-Language header; Chinese is the default. */
export function languageOf(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'zh';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
