import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

const derive = (secret: string): Buffer => createHash('sha256').update(`blade-data-key:${secret}`).digest();

/**
 * Encrypts configuration secrets (storage and SMS keys) at rest with AES-256-GCM. The key is
 * derived from DATA_KEY (or, embedded, the generated secret under DATA_DIR); rows hold
 * `enc:v1:<iv>.<tag>.<ciphertext>` in base64url. While a key is rotated, values sealed with the
 * previous key (DATA_KEY_PREVIOUS) still open; new values are always sealed with the current one.
 */
export class SecretBox {
  private readonly key: Buffer;
  private readonly previous: Buffer[];

  constructor(secret: string, previous: readonly string[] = []) {
    this.key = derive(secret);
    this.previous = previous.map(derive);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  }

  /** The plain value; throws when no configured key opens it (GCM's tag tells a wrong key). */
  open(sealed: string): string {
    const plain = this.tryKey(this.key, sealed) ?? this.openWithPrevious(sealed);
    if (plain === undefined) throw new Error('the sealed value opens with no configured DATA_KEY');
    return plain;
  }

  /** True when the value opens only with a previous key, so it should be sealed again. */
  isStale(sealed: string): boolean {
    return this.tryKey(this.key, sealed) === undefined && this.openWithPrevious(sealed) !== undefined;
  }

  private openWithPrevious(sealed: string): string | undefined {
    for (const key of this.previous) {
      const plain = this.tryKey(key, sealed);
      if (plain !== undefined) return plain;
    }
    return undefined;
  }

  private tryKey(key: Buffer, sealed: string): string | undefined {
    if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed value');
    const [iv, tag, body] = sealed.slice(PREFIX.length).split('.') as [string, string, string];
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return undefined;
    }
  }

  static isSealed(value: unknown): boolean {
    return typeof value === 'string' && value.startsWith(PREFIX);
  }
}
