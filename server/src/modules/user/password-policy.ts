import type { Kysely } from 'kysely';
import { md5 } from '../../core/digest.js';
import { AppError } from '../../core/errors.js';
import type { GlobalDatabase } from '../../db/tables.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

/** The 系统参数 (blade_param) key of the shortest password allowed, and its default. */
export const MIN_LENGTH_KEY = 'account.passwordMinLength';
export const DEFAULT_MIN_LENGTH = 8;

/** What the web checks before it hashes a password (the server sees only the md5 digest). */
export interface PasswordPolicy {
  minLength: number;
}

/** The configured shortest password: the parameter when it is a whole number from 1 to 64, else 8. */
export async function passwordPolicy(global: Kysely<GlobalDatabase>): Promise<PasswordPolicy> {
  const row = await global
    .selectFrom('blade_param')
    .select('param_value')
    .where('param_key', '=', MIN_LENGTH_KEY)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  const value = Number(row?.param_value);
  return { minLength: Number.isInteger(value) && value >= 1 && value <= 64 ? value : DEFAULT_MIN_LENGTH };
}

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));

/**
 * Passwords the server can tell too short from their digest alone: one or two printable
 * characters, and digits up to four (9,120 + 11,110 digests, made once on first use).
 */
function shortOnes(): string[] {
  const out = [...PRINTABLE];
  for (const a of PRINTABLE) for (const b of PRINTABLE) out.push(a + b);
  for (let length = 3; length <= 4; length++)
    for (let n = 0; n < 10 ** length; n++) out.push(String(n).padStart(length, '0'));
  return out;
}

let known: { short: Set<string>; common: Set<string> } | undefined;
const digests = () =>
  (known ??= {
    short: new Set(shortOnes().map(md5)),
    common: new Set(
      COMMON_PASSWORDS.flatMap((p) => [p, p.toUpperCase(), p[0]!.toUpperCase() + p.slice(1)]).map(md5),
    ),
  });

/**
 * Refuses a new password, given as the md5 hex digest the client sends, that is the account
 * name, among the most common passwords, or too short to need more than its digest to tell.
 * Longer short passwords are refused by the web form, which knows the password itself.
 */
export function assertPasswordAllowed(
  digest: string,
  account: string,
  policy: PasswordPolicy,
  field = 'password',
): void {
  const sent = digest.toLowerCase();
  const { short, common } = digests();
  const refuse = (key: 'passwordTooShort' | 'passwordIsAccount' | 'passwordCommon') =>
    new AppError(400, key, { min: policy.minLength }, { field });
  if (short.has(sent)) throw refuse('passwordTooShort');
  if (account && [account, account.toLowerCase()].some((a) => md5(a) === sent))
    throw refuse('passwordIsAccount');
  if (common.has(sent)) throw refuse('passwordCommon');
}
