import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { KeyValueStore } from '../../core/store/store.js';

/** Where an answer is kept in the store, by captcha key. */
export const captchaStoreKey = (key: string): string => `captcha:${key}`;

/** Characters per captcha: SpringBlade's length, which Saber's sign-in form requires exactly. */
const CAPTCHA_LENGTH = 5;

/** Image captchas whose answers live in the shared store, expire, and can be used once. */
export class CaptchaService {
  constructor(
    private readonly store: KeyValueStore,
    private readonly ttlSeconds: number,
  ) {}

  async create(): Promise<{ key: string; image: string }> {
    const captcha = svgCaptcha.create({
      size: CAPTCHA_LENGTH,
      noise: 2,
      ignoreChars: '0oO1ilI',
      width: 120,
      height: 40,
    });
    const key = randomUUID();
    await this.store.set(captchaStoreKey(key), captcha.text.toLowerCase(), this.ttlSeconds);
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
  }

  /** True once for the right answer; the answer is gone after any attempt. */
  async check(key: string | undefined, code: string | undefined): Promise<boolean> {
    if (!key || !code) return false;
    const answer = await this.store.take(captchaStoreKey(key));
    return answer !== undefined && answer === code.trim().toLowerCase();
  }
}
