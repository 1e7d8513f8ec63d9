import type { Envelope } from '@blade/schema';
import { apiBase, website } from '../config';

export type { Envelope };

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Params;
  /** JSON-serialized unless it is FormData or a string (sent as text/plain). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the Blade-Auth token header when signed in (default true). */
  auth?: boolean;
  /**
   * Return the parsed body for every status 200–500 without the §8 handling (no toast, no forced logout).
   * Used by the token call, whose failures the sign-in page shows itself.
   */
  raw?: boolean;
  timeout?: number;
}

/** A failed call: status is the body code or HTTP status (0 for network errors and time-outs). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** What the client needs from the app; set once at start-up (keeps this module free of stores and UI). */
export interface HttpHooks {
  getToken: () => string;
  getLanguage: () => string;
  onUnauthorized: () => void;
  notifyError: (message: string) => void;
  unknownErrorText: () => string;
}

const hooks: HttpHooks = {
  getToken: () => '',
  getLanguage: () => 'zh',
  onUnauthorized: () => {},
  notifyError: () => {},
  unknownErrorText: () => '未知错误',
};

export function configureHttp(next: Partial<HttpHooks>): void {
  Object.assign(hooks, next);
}

/** The token header for a token that is not (yet) the session's, e.g. during sign-in. */
export const bearer = (token: string): Record<string, string> => ({
  [website.tokenHeader]: `bearer ${token}`,
});

export const basicAuth = (): string => `Basic ${btoa(`${website.clientId}:${website.clientSecret}`)}`;

export function buildUrl(url: string, params?: Params): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v !== undefined && v !== null) search.append(k, String(v));
  }
  const qs = search.toString();
  return `${apiBase}${url}${qs ? (url.includes('?') ? '&' : '?') + qs : ''}`;
}

function encodeBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body;
  if (typeof body === 'string') {
    headers['Content-Type'] = 'text/plain;charset=UTF-8';
    return body;
  }
  headers['Content-Type'] = 'application/json;charset=UTF-8';
  return JSON.stringify(body);
}

interface ErrorBody {
  code?: unknown;
  msg?: unknown;
  error_description?: unknown;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Spec §8 error message: msg, else error_description, else 未知错误. */
export function errorMessage(body: unknown): string {
  const b = (body && typeof body === 'object' ? body : {}) as ErrorBody;
  return text(b.msg) || text(b.error_description) || hooks.unknownErrorText();
}

/**
 * The one HTTP client (spec §7/§8). Resolves with the parsed body for code 200; statuses 200–500 are
 * responses, anything else (and network errors, time-outs) rejects.
 */
export async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Authorization: basicAuth(),
    'Accept-Language': hooks.getLanguage() === 'en' ? 'en-US' : 'zh-CN',
    ...options.headers,
  };
  const token = hooks.getToken();
  if (options.auth !== false && token) headers[website.tokenHeader] = `bearer ${token}`;
  const body = encodeBody(options.body, headers);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeout ?? website.requestTimeout);
  let res: Response;
  try {
    res = await fetch(buildUrl(url, options.params), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (e) {
    throw new ApiError(0, e instanceof Error ? e.message : String(e));
  } finally {
    clearTimeout(timer);
  }
  if (res.status < 200 || res.status > 500) throw new ApiError(res.status, `HTTP ${res.status}`);
  let parsed: unknown = null;
  try {
    parsed = await res.json();
  } catch {
    parsed = null;
  }
  if (options.raw) return parsed as T;
  const bodyCode = (parsed as ErrorBody | null)?.code;
  const status = typeof bodyCode === 'number' ? bodyCode : res.status;
  if (website.statusWhiteList.includes(status)) throw new ApiError(status, '', parsed);
  if (status === 401) {
    hooks.onUnauthorized();
    throw new ApiError(401, errorMessage(parsed), parsed);
  }
  if (status !== 200) {
    const message = errorMessage(parsed);
    hooks.notifyError(message);
    throw new ApiError(status, message, parsed);
  }
  return parsed as T;
}

/** Calls and returns the envelope's data. */
export async function getData<T>(url: string, options?: RequestOptions): Promise<T> {
  const env = await request<Envelope<T>>(url, options);
  // A call whose answer carries no data is typed by its caller as such (void, or T | null).
  return env.data as T;
}
