import type { Config } from '../../config.js';
import { AppError } from '../../core/errors.js';
import type { KeyValueStore } from '../../core/store/store.js';

type GuardConfig = Pick<
  Config,
  | 'loginRatePerIp'
  | 'loginRatePerAccount'
  | 'loginRateWindow'
  | 'loginMaxFailures'
  | 'loginLockSeconds'
  | 'loginAddressMaxFailures'
  | 'sm2ReplaySeconds'
>;

/** Where the guard keeps its counts in the shared store (so every process sees the same). */
const keys = {
  attempts: (ip: string) => `login:ip:${ip}`,
  addressFailures: (ip: string) => `login:ip-failures:${ip}`,
  accountAttempts: (who: string) => `login:account:${who}`,
  accountFailures: (who: string) => `login:failures:${who}`,
  unknownAsksCaptcha: (who: string) => `login:captcha:${who}`,
  usedSeal: (seal: string) => `login:sealed:${seal}`,
};

/** OAuth failures carry the fields BladeX clients read: error_code and error_description. */
export function oauthError(
  status: number,
  key: ConstructorParameters<typeof AppError>[1],
  params: ConstructorParameters<typeof AppError>[2] = {},
  extra: Record<string, unknown> = {},
): AppError {
  return new AppError(status, key, params, { error_code: status, ...extra });
}

/** The refusals after which the client should show the captcha field (the web sign-in page reads it). */
export const askCaptcha = (key: 'captchaNeeded' | 'captchaRequired' | 'captchaInvalid'): AppError =>
  oauthError(400, key, {}, { captcha_required: true });

/**
 * The sign-in limiter, shared by every token route and run before a password is opened or
 * checked. Failures hold back the failing address (429); an account under attack asks for a
 * captcha instead of refusing, so its owner always has a way in.
 */
export class SignInGuard {
  constructor(
    private readonly store: KeyValueStore,
    private readonly config: GuardConfig,
  ) {}

  /**
   * Counts an attempt. Throws 429 when the address tries too often or has failed too often;
   * answers whether the account is tried so often that it should ask for a captcha.
   */
  async admit(ip: string, who: string): Promise<{ accountBusy: boolean }> {
    const { config, store } = this;
    if ((await store.increment(keys.attempts(ip), config.loginRateWindow)) > config.loginRatePerIp)
      throw oauthError(429, 'tooManyRequests');
    if (Number((await store.get(keys.addressFailures(ip))) ?? 0) >= config.loginAddressMaxFailures)
      throw oauthError(429, 'addressFailures', {
        minutes: Math.max(1, Math.ceil(config.loginLockSeconds / 60)),
      });
    const tries = await store.increment(keys.accountAttempts(who), config.loginRateWindow);
    return { accountBusy: tries > config.loginRatePerAccount };
  }

  /** A refused attempt from this address. */
  async addressFailed(ip: string): Promise<void> {
    await this.store.increment(keys.addressFailures(ip), this.config.loginLockSeconds);
  }

  /** A wrong password for the account; true when it should now ask for a captcha. */
  async accountFailed(who: string): Promise<boolean> {
    const failures = await this.store.increment(keys.accountFailures(who), this.config.loginLockSeconds);
    return failures >= this.config.loginMaxFailures;
  }

  /** An account that does not exist asks for a captcha like a real one (kept here, not in its row). */
  async unknownAsksCaptcha(who: string): Promise<boolean> {
    return (await this.store.get(keys.unknownAsksCaptcha(who))) !== undefined;
  }

  async markUnknown(who: string): Promise<void> {
    await this.store.set(keys.unknownAsksCaptcha(who), '1', this.config.loginLockSeconds);
  }

  async succeeded(who: string): Promise<void> {
    await this.store.delete(keys.accountFailures(who));
  }

  /** Whether an encrypted password already signed in. */
  async sealUsed(seal: string): Promise<boolean> {
    return (await this.store.get(keys.usedSeal(seal))) !== undefined;
  }

  /** Marks an encrypted password as used; false when another request used it first. */
  async claimSeal(seal: string): Promise<boolean> {
    return (await this.store.increment(keys.usedSeal(seal), this.config.sm2ReplaySeconds)) === 1;
  }
}
