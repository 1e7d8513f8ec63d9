/**
 * The one redaction of secrets for every log (the server's log lines, the API, usual and error log
 * rows): values named like passwords, tokens, keys, captcha answers and signatures, in query
 * strings, bodies and free text, and the password of a URL's credentials.
 */

export const REDACTED = '******';

const SECRET_NAME =
  /pass|pwd|token|secret|captcha|authorization|blade-auth|cookie|credential|signature|access_?key|api_?key/i;

/** Whether a field or parameter name holds a secret. */
export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

const NAME_CHAR = /[\w.-]/;
const VALUE_END = new Set(['&', ' ', '\t', '\r', '\n', '"', "'", ',', ';', '}', ')', '<', '>']);

/**
 * Free text (a URL, a query string, an error message, a stack) with the value of every
 * `name=value` and JSON `"name": "value"` whose name holds a secret replaced, and
 * `user:password@` in URLs reduced to `user:******@`. One pass over the text.
 */
export function redactText(text: string): string {
  let out = '';
  let copied = 0;
  /** Where the authority of the URL being read starts (after "://"), or -1. */
  let authority = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '=') {
      let start = i;
      while (start > 0 && i - start < 64 && NAME_CHAR.test(text[start - 1]!)) start--;
      if (start === i || !isSecretName(text.slice(start, i))) continue;
      let end = i + 1;
      while (end < text.length && !VALUE_END.has(text[end]!)) end++;
      if (end === i + 1) continue;
      out += `${text.slice(copied, i + 1)}${REDACTED}`;
      copied = end;
      i = end - 1;
    } else if (c === ':' && text[i - 1] === '"') {
      // "name": "value" inside JSON text.
      const open = text.lastIndexOf('"', i - 2);
      if (open < 0 || i - open > 66 || !isSecretName(text.slice(open + 1, i - 1))) continue;
      let start = i + 1;
      while (text[start] === ' ') start++;
      if (text[start] !== '"') continue;
      let end = start + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out += `${text.slice(copied, start + 1)}${REDACTED}`;
      copied = end;
      i = end - 1;
    } else if (c === ':' && text[i + 1] === '/' && text[i + 2] === '/') {
      authority = i + 3;
    } else if (c === '/' || c === ' ' || c === '\n') {
      if (i >= authority) authority = -1;
    } else if (c === '@' && authority >= 0 && i - authority <= 256) {
      // scheme://user:password@host: the first colon of the authority, once per URL.
      let colon = authority;
      while (colon < i && text[colon] !== ':') colon++;
      authority = -1;
      if (colon >= i || colon < copied) continue;
      out += `${text.slice(copied, colon + 1)}${REDACTED}`;
      copied = i;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}

const MAX_STRING = 500;

/**
 * A query or body as logged: secret-named fields replaced, strings redacted and cut to 500
 * characters, nesting cut at four levels and lists at twenty items.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (Array.isArray(value))
    return depth > 3 ? '[…]' : value.slice(0, 20).map((v) => redactValue(v, depth + 1));
  if (value && typeof value === 'object') {
    if (depth > 3) return '{…}';
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, isSecretName(k) ? REDACTED : redactValue(v, depth + 1)]),
    );
  }
  if (typeof value !== 'string') return value;
  const cut = value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  return redactText(cut);
}
