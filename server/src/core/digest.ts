import { createHash, timingSafeEqual } from 'node:crypto';

/** Hex digests: the md5 a client sends for a password (spec §3), sha256 for stored secrets and keys. */
export const md5 = (text: string): string => createHash('md5').update(text).digest('hex');
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Compares two secrets in constant time (their digests, so unequal lengths leak nothing either). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(sha256(a));
  const y = Buffer.from(sha256(b));
  return timingSafeEqual(x, y);
}

/**
 * What the seed and the services need of password hashing; the argon2id implementation lives in
 * modules/auth/passwords.ts, so the data layer can seed accounts without importing a module.
 */
export interface PasswordHashing {
  hash(clientDigest: string): Promise<string>;
  verify(stored: string, clientDigest: string): Promise<boolean>;
}
