import type { FieldDef } from './registry.js';

/**
 * Rules the server and the web both apply, written once. Patterns are strings so declarations
 * (which are data) can carry them too.
 */

/** Mainland mobile numbers: 11 digits, starting 1 then 3-9. */
export const MAINLAND_MOBILE = '^1[3-9]\\d{9}$';

/** What clients send for a password: the md5 hex digest (spec §3). */
export const MD5_HEX = '^[a-f0-9]{32}$';

/*
 * Every pattern here and in the declarations is checked by a ReDoS detector (a test): each input
 * can match in one way only, so a long value costs linear time, never a backtracking storm.
 */

/** An e-mail address: one @, and a domain of dot-separated labels. */
export const EMAIL = '^[^@\\s]+@[^@\\s.]+(\\.[^@\\s.]+)+$';

/** One link: http(s) with a host, or a path of this site (one leading slash, never `//host`). */
const link = (also: string) =>
  `(https?://[^\\s/\\\\${also}][^\\s${also}]*|/([^\\s/\\\\${also}][^\\s${also}]*)?)`;

/**
 * A link a browser may open or load: http(s) with a host, or a path of this site. `javascript:`,
 * `data:`, `//host` and `/\host` (which browsers read as another host) do not match.
 */
export const WEB_LINK = `^${link('')}$`;

/** Comma-separated WEB_LINKs (galleries), each without a comma of its own. */
export const WEB_LINKS = `^${link(',')}(,${link(',')})*$`;

/** An address the server itself calls (storage, SMS): http(s) only. */
export const SERVER_URL = '^(https?://[^\\s]+)?$';

/** The rule of link fields, with its message. */
export const LINK_RULE: NonNullable<FieldDef['pattern']> = {
  regex: WEB_LINK,
  message: {
    zh: '请输入以 http(s):// 或 / 开头的地址',
    en: 'Enter an address starting with http(s):// or /',
  },
};

/** The rule of comma-separated link fields (galleries). */
export const LINKS_RULE: NonNullable<FieldDef['pattern']> = {
  regex: WEB_LINKS,
  message: {
    zh: '请输入以逗号分隔的 http(s):// 或 / 开头的地址',
    en: 'Enter addresses starting with http(s):// or /, separated by commas',
  },
};

/**
 * The pattern a field's value must match: its declared one, else its type's (image and file
 * fields hold links, so `javascript:` and `//host` are refused wherever they are declared).
 */
export const patternOf = (field: Pick<FieldDef, 'type' | 'pattern'>): FieldDef['pattern'] =>
  field.pattern ?? (field.type === 'image' || field.type === 'file' ? LINK_RULE : undefined);

/**
 * A phone number of any kind (landline, mobile, international): digits in groups separated by
 * spaces, brackets or dashes, an optional leading +. Digits and separators never overlap, so a
 * long value is read in one pass.
 */
export const PHONE_RULE: NonNullable<FieldDef['pattern']> = {
  regex: '^\\+?\\(?[0-9]+([ ()-]+[0-9]+)*$',
  message: {
    zh: '电话号码只能包含数字、空格、括号、短横线和开头的 +',
    en: 'A phone number has digits, spaces, brackets, dashes and a leading + only',
  },
};

/** Most equity codes one meeting issues (generated in batches, so other requests go on meanwhile). */
export const EQUITY_CODES_MAX = 100_000;

export type PhoneProblem = 'empty' | 'length' | 'format';

/**
 * Spec §5 phone check with its intent (not the inverted logic it notes): the problem found, or
 * null for a valid mainland mobile number.
 */
export function checkPhone(value: string | null | undefined): PhoneProblem | null {
  const phone = (value ?? '').trim();
  if (phone === '') return 'empty';
  if (phone.length !== 11) return 'length';
  return new RegExp(MAINLAND_MOBILE).test(phone) ? null : 'format';
}

/**
 * Largest BPMN document (a model or an uploaded file). Parsing is synchronous work on the server's
 * one thread (about 2 ms per KB on a busy 2-core machine), so the size is what bounds it; real
 * models are a few KB to a few tens of KB.
 */
export const BPMN_MAX_BYTES = 256 * 1024;

/** A process key (a model's, and its process id in the BPMN): a letter or _, then letters, digits, _ . - */
export const PROCESS_KEY = '^[A-Za-z_][\\w.-]{0,63}$';

/** The process key of the seeded leave request, and its user task where a rejection returns it. */
export const LEAVE_PROCESS_KEY = 'leave';
export const LEAVE_ADJUST_ACTIVITY = 'adjust';

/**
 * The days a leave covers: the difference in days rounded, plus one (both ends count), at least
 * one. Undefined when either end is missing or invalid, or the end is before the start.
 */
export function leaveDays(start: string | undefined, end: string | undefined): number | undefined {
  if (!start || !end) return undefined;
  const from = new Date(start.replace(' ', 'T')).getTime();
  const to = new Date(end.replace(' ', 'T')).getTime();
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) return undefined;
  return Math.max(1, Math.round((to - from) / 86_400_000) + 1);
}
