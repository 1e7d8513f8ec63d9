import type { TokenAnswer } from '@blade/schema';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.js';
import { ADMIN_TENANT } from '../../core/http.js';
import { nextId } from '../../core/ids.js';
import type { MessageKey } from '../../core/messages.js';
import { utcNow } from '../../core/time.js';
import type { DataAccess } from '../../db/database.js';
import type { LogWriter } from './log-writer.js';

/** The keys of the login_result dictionary (db/seed/dictionaries.ts). */
export type SignInResult =
  | 'success'
  | 'password_change'
  | 'bad_credentials'
  | 'captcha_required'
  | 'captcha_invalid'
  | 'throttled'
  | 'disabled'
  | 'pending'
  | 'tenant_expired'
  | 'tenant_invalid'
  | 'replayed'
  | 'refresh_invalid'
  | 'ticket_invalid'
  | 'client_invalid'
  | 'refused';

/** The result each refusal of a sign-in route stands for. */
const RESULTS: Partial<Record<MessageKey, SignInResult>> = {
  credentialsInvalid: 'bad_credentials',
  captchaRequired: 'captcha_required',
  captchaNeeded: 'captcha_required',
  captchaInvalid: 'captcha_invalid',
  tooManyRequests: 'throttled',
  addressFailures: 'throttled',
  accountDisabled: 'disabled',
  accountPending: 'pending',
  tenantExpired: 'tenant_expired',
  tenantInvalid: 'tenant_invalid',
  passwordReplayed: 'replayed',
  refreshInvalid: 'refresh_invalid',
  ticketInvalid: 'ticket_invalid',
  clientInvalid: 'client_invalid',
};

const GRANTS = new Set(['password', 'captcha', 'refresh_token', 'sso']);

/** The result of a sign-in call that threw `error`. */
export const resultOf = (error: unknown): SignInResult =>
  (error instanceof AppError && RESULTS[error.key]) || 'refused';

/** What an attempt says about itself, before the auth service has checked any of it. */
export interface SignInAttempt {
  grantType: string;
  tenantId: string | undefined;
  account: string | undefined;
  ip: string;
  userAgent: string | undefined;
  /** The client the Authorization header names (not yet checked). */
  clientId: string | undefined;
}

const cut = (text: string | undefined, max: number): string | null => (text ? text.slice(0, max) : null);

/** The client id a Basic Authorization header names, without checking its secret. */
const claimedClient = (authorization: string | undefined): string | undefined => {
  const match = /^Basic\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? decoded.slice(0, colon) : undefined;
};

/** The attempt a sign-in request makes, from the request and the fields its route parsed. */
export const attemptOf = (
  request: FastifyRequest,
  fields: { grantType: string; tenantId: string | undefined; account: string | undefined },
): SignInAttempt => ({
  ...fields,
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  clientId: claimedClient(request.headers.authorization),
});

/** How long a tenant found missing is believed missing (a made-up name costs one read this often). */
const ABSENT_MS = 10_000;
/** Names remembered either way before the memory starts over. */
const REMEMBERED = 10_000;

/**
 * The sign-in log: one row per attempt, queued to the log writer (written in batches after the
 * answer; a failed write stays queued and is logged). A row belongs to the tenant the attempt
 * named when that tenant exists, and to the platform otherwise, so a made-up tenant fills no one's
 * log. Never a password, a digest or a token.
 */
export class SignInLog {
  /** Tenants known to exist, and names found missing (with when). */
  private readonly known = new Set<string>();
  private readonly absent = new Map<string, number>();
  /** Rows waiting for their tenant to be known. */
  private readonly resolving = new Set<Promise<void>>();

  constructor(
    private readonly data: DataAccess,
    private readonly writer: LogWriter,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /** Runs a sign-in and records its outcome; answers or throws what the sign-in does. */
  async track(attempt: SignInAttempt, signIn: () => Promise<TokenAnswer>): Promise<TokenAnswer> {
    let answer: TokenAnswer;
    try {
      answer = await signIn();
    } catch (error) {
      this.record(attempt, resultOf(error));
      throw error;
    }
    this.record(
      { ...attempt, tenantId: answer.tenant_id, account: answer.account },
      answer.password_change_required ? 'password_change' : 'success',
      { tenantId: answer.tenant_id, userId: Number(answer.user_id) },
    );
    return answer;
  }

  private record(
    attempt: SignInAttempt,
    result: SignInResult,
    verified?: { tenantId: string; userId: number },
  ): void {
    const row = {
      id: nextId(),
      create_user: verified?.userId ?? null,
      create_time: utcNow(),
      account: cut(attempt.account?.trim(), 100),
      requested_tenant: cut(attempt.tenantId?.trim(), 12),
      client_id: cut(attempt.clientId, 48),
      grant_type: GRANTS.has(attempt.grantType) ? attempt.grantType : 'other',
      result,
      remote_ip: cut(attempt.ip, 64),
      user_agent: cut(attempt.userAgent, 255),
    };
    if (verified) {
      this.know(verified.tenantId);
      this.writer.add('blade_log_login', { ...row, tenant_id: verified.tenantId });
      return;
    }
    const queued = this.owner(row.requested_tenant).then((tenantId) => {
      this.writer.add('blade_log_login', { ...row, tenant_id: tenantId });
      this.resolving.delete(queued);
    });
    this.resolving.add(queued);
  }

  /** Writes every attempt recorded so far. */
  async flush(): Promise<void> {
    await Promise.all(this.resolving);
    await this.writer.flush();
  }

  /** The tenant an unverified attempt's row belongs to: the one it named if that exists. */
  private async owner(named: string | null): Promise<string> {
    if (!named) return ADMIN_TENANT;
    if (this.known.has(named)) return named;
    if (Date.now() - (this.absent.get(named) ?? 0) < ABSENT_MS) return ADMIN_TENANT;
    try {
      const found = await this.data.global
        .selectFrom('blade_tenant')
        .select('tenant_id')
        .where('tenant_id', '=', named)
        .executeTakeFirst();
      if (!found) {
        if (this.absent.size >= REMEMBERED) this.absent.clear();
        this.absent.set(named, Date.now());
        return ADMIN_TENANT;
      }
      this.know(named);
      return named;
    } catch (error) {
      // The row is kept (as the platform's) and the failure is logged: an attempt is never lost silently.
      this.log.error({ err: error }, 'the tenant of a sign-in log row could not be read');
      return ADMIN_TENANT;
    }
  }

  private know(tenantId: string): void {
    if (this.known.size >= REMEMBERED) this.known.clear();
    this.known.add(tenantId);
  }
}
