import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { AccessClaims } from '../../core/http.js';

const ALGORITHM = 'HS256';

/** Tokens verified lately, remembered so a bearer's next requests skip the signature check. */
const VERIFIED_LIMIT = 10_000;

export class TokenSigner {
  private readonly key: Uint8Array;
  /**
   * Verified tokens and their claims until they expire. A token's claims never change, and what
   * can end it early (its session revoked, its tenant disabled) is read on every request anyway,
   * so this only saves recomputing the same HMAC. Oldest first: a full map drops its oldest entry.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  constructor(
    secret: string,
    private readonly issuer: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims, ttlSeconds: number): Promise<string> {
    return new SignJWT({
      tid: claims.tenantId,
      sid: String(claims.sessionId),
      cid: claims.clientId,
      acc: claims.account,
      dept: claims.deptId === null ? null : String(claims.deptId),
      roles: claims.roleIds.map(String),
      ...(claims.passwordChange ? { pwc: true } : {}),
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(this.issuer)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }

  /** Verifies with an explicit algorithm allow-list; any failure is `undefined`, never an exception. */
  async verify(token: string): Promise<AccessClaims | undefined> {
    const known = this.verified.get(token);
    if (known) {
      // A copy: the caller may change what it is given.
      if (Date.now() < known.expiresAt) return { ...known.claims, roleIds: [...known.claims.roleIds] };
      this.verified.delete(token);
    }
    return this.check(token);
  }

  private async check(token: string): Promise<AccessClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM], issuer: this.issuer });
      const roles = Array.isArray(payload.roles) ? payload.roles.map(Number) : [];
      const claims: AccessClaims = {
        userId: Number(payload.sub),
        tenantId: String(payload.tid ?? ''),
        sessionId: Number(payload.sid),
        clientId: String(payload.cid ?? ''),
        account: String(payload.acc ?? ''),
        deptId: payload.dept ? Number(payload.dept) : null,
        roleIds: roles.filter(Number.isSafeInteger),
        ...(payload.pwc === true ? { passwordChange: true } : {}),
      };
      if (!Number.isSafeInteger(claims.userId) || !Number.isSafeInteger(claims.sessionId) || !claims.tenantId)
        return undefined;
      if (typeof payload.exp === 'number') this.remember(token, claims, payload.exp * 1000);
      return claims;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
      throw error;
    }
  }

  private remember(token: string, claims: AccessClaims, expiresAt: number): void {
    if (this.verified.size >= VERIFIED_LIMIT) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(token, { claims: { ...claims, roleIds: [...claims.roleIds] }, expiresAt });
  }
}

/** An opaque refresh token: 256 random bits; only its hash is stored. */
export const newRefreshToken = (): string => randomBytes(32).toString('base64url');
