import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashing } from '../../core/digest.js';

// Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot read).
const ARGON2ID = 2;

/**
 * Passwords arrive as the md5 hex the client computes (spec §3); we keep an argon2id hash of
 * that, never the md5 itself.
 */
export class PasswordHasher implements PasswordHashing {
  private readonly options;
  private dummy: Promise<string> | undefined;

  constructor(memoryCost: number) {
    this.options = { algorithm: ARGON2ID, memoryCost, timeCost: 2, parallelism: 1 };
  }

  hash(clientDigest: string): Promise<string> {
    return hash(clientDigest, this.options);
  }

  async verify(stored: string, clientDigest: string): Promise<boolean> {
    try {
      return await verify(stored, clientDigest);
    } catch {
      return false;
    }
  }

  /** Spends the same time as a real check, for accounts that do not exist (no enumeration by timing). */
  async verifyNothing(clientDigest: string): Promise<false> {
    this.dummy ??= this.hash('no-such-account');
    await this.verify(await this.dummy, clientDigest);
    return false;
  }
}

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const READABLE = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random password for one sign-in (new tenant administrators, resets): the user must change it. */
export function oneTimePassword(length = 12): string {
  let out = '';
  for (let i = 0; i < length; i++) out += READABLE[randomInt(READABLE.length)];
  return out;
}
