import { website } from '../config';

export type StoreType = 'local' | 'session';

/** The spec's client-side storage entry. */
export interface StoreEntry<T> {
  name: string;
  content: T;
  dataType: string;
  type: StoreType;
  datetime: number;
}

type Backend = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const memory = new Map<string, string>();
const memoryBackend: Backend = {
  getItem: (k) => memory.get(k) ?? null,
  setItem: (k, v) => {
    memory.set(k, v);
  },
  removeItem: (k) => {
    memory.delete(k);
  },
  key: (i) => [...memory.keys()][i] ?? null,
  get length() {
    return memory.size;
  },
};

function backend(type: StoreType): Backend {
  if (typeof window === 'undefined') return memoryBackend;
  return type === 'session' ? window.sessionStorage : window.localStorage;
}

export const storeKey = (name: string): string => `${website.key}-${name}`;

export function setStore<T>(name: string, content: T, type: StoreType = 'local'): void {
  const entry: StoreEntry<T> = {
    name,
    content,
    dataType: Array.isArray(content) ? 'array' : typeof content,
    type,
    datetime: Date.now(),
  };
  backend(type).setItem(storeKey(name), JSON.stringify(entry));
}

export function getEntry<T>(name: string): StoreEntry<T> | null {
  const raw = backend('session').getItem(storeKey(name)) ?? backend('local').getItem(storeKey(name));
  if (raw === null) return null;
  try {
    const entry = JSON.parse(raw) as StoreEntry<T>;
    return entry && typeof entry === 'object' && 'content' in entry ? entry : null;
  } catch {
    return null;
  }
}

export function getStore<T>(name: string, fallback: T): T {
  const entry = getEntry<T>(name);
  return entry === null || entry.content === undefined ? fallback : entry.content;
}

export function removeStore(name: string): void {
  backend('session').removeItem(storeKey(name));
  backend('local').removeItem(storeKey(name));
}

export function getCookie(name: string): string {
  if (typeof document === 'undefined') return '';
  const key = `${encodeURIComponent(storeKey(name))}=`;
  const hit = document.cookie.split('; ').find((c) => c.startsWith(key));
  return hit ? decodeURIComponent(hit.slice(key.length)) : '';
}

export function setCookie(name: string, value: string): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: plain cookie write, the spec keeps tokens in cookies too
  document.cookie = `${encodeURIComponent(storeKey(name))}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
}

export function removeCookie(name: string): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie
  document.cookie = `${encodeURIComponent(storeKey(name))}=; path=/; max-age=0`;
}
