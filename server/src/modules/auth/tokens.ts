import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** What an access token says about its bearer. */
export interface AccessClaims {
  userId: number;
  tenantId: string;
  sessionId: number;
  clientId: string;
  account: string;
  deptId: number | null;
  roleIds: number[];
  /** The password is a one-time one: until it changes, the token reaches nothing but the change. */
  passwordChange?: boolean;
}

const ALGORITHM = 'HS256';

export class TokenSigner {
  private readonly key: Uint8Array;

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
      return claims;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined;
      throw error;
    }
  }
}

/** An opaque refresh token: 256 random bits; only its hash is stored. */
export const newRefreshToken = (): string => randomBytes(32).toString('base64url');
