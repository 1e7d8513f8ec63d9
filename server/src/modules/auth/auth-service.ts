import type { TokenAnswer } from '@blade/schema';
import type { Config } from '../../config.js';
import { AccessMemory } from '../../core/access-memory.js';
import { sha256 } from '../../core/digest.js';
import { AppError } from '../../core/errors.js';
import { type AccessClaims, ADMIN_TENANT, type AuthContext } from '../../core/http.js';
import type { KeyValueStore } from '../../core/store/store.js';
import { dbTimeToDate, toDbTime } from '../../core/time.js';
import type { DataAccess } from '../../db/database.js';
import { AccountStatus } from '../user/account-status.js';
import type { CaptchaService } from './captcha.js';
import { type Client, clientOf } from './oauth-client.js';
import type { PasswordHasher } from './passwords.js';
import { checkTenant, csvIds, sessionChoice } from './session-choice.js';
import type { SessionOrigin, SessionStore } from './sessions.js';
import { askCaptcha, oauthError, SignInGuard } from './sign-in-guard.js';
import { tokenAnswer } from './token-answer.js';
import { newRefreshToken, type TokenSigner } from './tokens.js';

/**
 * A password sent encrypted (Saber's SM2). The auth service opens it only after the limiter has
 * let the attempt through, and lets each one sign in once.
 */
export interface SealedPassword {
  /**
   * The md5 digest inside, and `seal`: a name every spelling of this ciphertext shares.
   * Undefined when it does not open.
   */
  open(): { password: string; seal: string } | undefined;
}

export interface TokenRequest {
  authorization: string | undefined;
  grantType: string;
  tenantId: string | undefined;
  username: string | undefined;
  /** The md5 digest of the password, or that digest encrypted. */
  password: string | SealedPassword | undefined;
  refreshToken: string | undefined;
  captchaKey: string | undefined;
  captchaCode: string | undefined;
  deptId: string | undefined;
  roleId: string | undefined;
  ip: string;
  /** The caller's browser (its User-Agent), kept with the session it opens. */
  userAgent: string | undefined;
}

interface Dependencies {
  config: Config;
  data: DataAccess;
  store: KeyValueStore;
  hasher: PasswordHasher;
  signer: TokenSigner;
  sessions: SessionStore;
  captcha: CaptchaService;
}

/**
 * Whether the user's sign-in asks for a captcha: is_locked and lock_until mark it (until then), so
 * an administrator's unlock ends it. It never refuses the right password with the captcha.
 */
const asksCaptcha = (user: { is_locked: number; lock_until: string | null }): boolean =>
  user.is_locked === 1 && user.lock_until !== null && dbTimeToDate(user.lock_until).getTime() > Date.now();

/** Refusals that count as a failure of the address they came from. */
const countsAgainstAddress = new Set<string>([
  'credentialsInvalid',
  'captchaRequired',
  'captchaInvalid',
  'captchaNeeded',
  'passwordReplayed',
  'tenantInvalid',
]);

/** Sign-in, refresh, sign-out and the verification of access tokens. */
export class AuthService {
  private readonly memory = new AccessMemory();
  private readonly guard: SignInGuard;

  constructor(private readonly deps: Dependencies) {
    this.guard = new SignInGuard(deps.store, deps.config);
  }

  async token(req: TokenRequest): Promise<TokenAnswer> {
    const client = await clientOf(this.deps.data, this.deps.config, req.authorization);
    if (!client.grants.includes(req.grantType)) throw oauthError(400, 'grantUnsupported');
    switch (req.grantType) {
      case 'password':
      case 'captcha':
        return this.passwordGrant(client, req);
      case 'refresh_token':
        return this.refreshGrant(client, req);
      case 'social':
        throw oauthError(400, 'socialNotConfigured');
      default:
        // A grant a client may hold (SpringBlade's authorization_code, implicit…) but sign-in has no flow for.
        throw new AppError(400, 'grantNotServed', { grant: req.grantType }, { error_code: 400 });
    }
  }

  private async passwordGrant(client: Client, req: TokenRequest): Promise<TokenAnswer> {
    const tenantId = (req.tenantId || ADMIN_TENANT).trim();
    const account = (req.username ?? '').trim();
    if (!account || !req.password) throw oauthError(400, 'credentialsInvalid');
    const key = `${tenantId}:${account.toLowerCase()}`;
    const { accountBusy } = await this.guard.admit(req.ip, key);
    try {
      return await this.checkPassword(client, req, { tenantId, account, key, accountBusy });
    } catch (error) {
      if (error instanceof AppError && countsAgainstAddress.has(error.key))
        await this.guard.addressFailed(req.ip);
      throw error;
    }
  }

  /** The sign-in behind the limiter: captcha, tenant, account, password, in that order. */
  private async checkPassword(
    client: Client,
    req: TokenRequest,
    attempt: { tenantId: string; account: string; key: string; accountBusy: boolean },
  ): Promise<TokenAnswer> {
    const { config, captcha, hasher } = this.deps;
    const { tenantId, account, key } = attempt;
    const offered = Boolean(req.captchaKey && req.captchaCode);
    if ((req.grantType === 'captcha' || config.captchaMode) && !offered) throw askCaptcha('captchaRequired');
    if (offered && !(await captcha.check(req.captchaKey, req.captchaCode)))
      throw askCaptcha('captchaInvalid');

    await checkTenant(this.deps.data, tenantId);
    const db = this.deps.data.forTenant(tenantId);
    const user = await db
      .selectFrom('blade_user')
      .select(['id', 'password', 'status', 'is_locked', 'lock_until'])
      .where('account', '=', account)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    // Unknown accounts ask for a captcha like real ones, so answers reveal nothing.
    const needsCaptcha =
      attempt.accountBusy || (user ? asksCaptcha(user) : await this.guard.unknownAsksCaptcha(key));
    if (needsCaptcha && !offered) throw askCaptcha('captchaNeeded');

    const sent: { password: string; seal?: string } | undefined =
      typeof req.password === 'string' ? { password: req.password } : req.password?.open();
    if (sent?.seal && (await this.guard.sealUsed(sent.seal))) throw oauthError(400, 'passwordReplayed');
    // One hash whatever is wrong, so the time taken reveals nothing either.
    const right =
      user && sent
        ? await hasher.verify(user.password, sent.password)
        : await hasher.verifyNothing(sent?.password ?? '');
    if (!user || !sent || !right) {
      if (await this.guard.accountFailed(key)) {
        const until = toDbTime(new Date(Date.now() + config.loginLockSeconds * 1000));
        if (user)
          await db
            .updateTable('blade_user')
            .set({ is_locked: 1, lock_until: until })
            .where('id', '=', user.id)
            .execute();
        else await this.guard.markUnknown(key);
      }
      throw oauthError(400, 'credentialsInvalid');
    }
    if (user.status === AccountStatus.pendingApproval) throw oauthError(400, 'accountPending');
    if (user.status !== AccountStatus.active) throw oauthError(400, 'accountDisabled');
    if (sent.seal && !(await this.guard.claimSeal(sent.seal))) throw oauthError(400, 'passwordReplayed');
    await this.guard.succeeded(key);
    if (user.is_locked) {
      await db
        .updateTable('blade_user')
        .set({ login_fail_count: 0, is_locked: 0, lock_count: 0, lock_until: null })
        .where('id', '=', user.id)
        .execute();
    }

    const choice = await sessionChoice(
      this.deps.data,
      this.deps.config,
      tenantId,
      user.id,
      req.deptId,
      req.roleId,
    );
    const { sessionId, refreshToken } = await this.deps.sessions.open(
      { tenantId, userId: user.id, clientId: client.clientId, ...choice },
      client.refreshTtl,
      { ip: req.ip, userAgent: req.userAgent },
    );
    return tokenAnswer(this.deps, client, { tenantId, userId: user.id, sessionId, ...choice }, refreshToken);
  }

  private async refreshGrant(client: Client, req: TokenRequest): Promise<TokenAnswer> {
    if (!req.refreshToken) throw oauthError(401, 'refreshInvalid');
    const rotated = await this.deps.sessions.rotate(req.refreshToken, client.refreshTtl);
    if (!rotated.ok) throw oauthError(401, 'refreshInvalid');
    const session = await this.deps.sessions.live(rotated.sessionId);
    if (!session || session.client_id !== client.clientId) throw oauthError(401, 'refreshInvalid');
    await checkTenant(this.deps.data, session.tenant_id);
    const user = await this.deps.data
      .forTenant(session.tenant_id)
      .selectFrom('blade_user')
      .select(['status'])
      .where('id', '=', session.user_id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    // An account that asks for a captcha keeps its sessions: failed sign-ins elsewhere end nothing.
    if (user?.status !== AccountStatus.active) {
      await this.deps.sessions.revoke(session.id, 'user-inactive');
      throw oauthError(401, 'refreshInvalid');
    }
    let choice = { deptId: session.dept_id, roleIds: csvIds(session.role_id) };
    if (req.deptId || req.roleId) {
      choice = await sessionChoice(
        this.deps.data,
        this.deps.config,
        session.tenant_id,
        session.user_id,
        req.deptId,
        req.roleId,
      );
      await this.deps.sessions.choose(session.id, choice.deptId, choice.roleIds);
    }
    return tokenAnswer(
      this.deps,
      client,
      { tenantId: session.tenant_id, userId: session.user_id, sessionId: session.id, ...choice },
      rotated.refreshToken,
    );
  }

  /** The caller behind an access token, or undefined when the token or its session is not valid. */
  async authenticate(token: string): Promise<AuthContext | undefined> {
    const claims = await this.deps.signer.verify(token);
    return claims ? this.authorityOf(claims) : undefined;
  }

  /**
   * What a verified token may do right now: its session open and its tenant live (checked on
   * every request against versions that every change advances, so a revoked session or a
   * disabled, expired or removed tenant ends at once in every process), and only its roles that
   * still exist. Roles and what derives from them are remembered per access version, which the
   * same statement reads.
   */
  async authorityOf(claims: AccessClaims): Promise<AuthContext | undefined> {
    const session = await this.deps.sessions.active(claims.sessionId);
    if (!session || session.user_id !== claims.userId || session.tenant_id !== claims.tenantId)
      return undefined;
    this.deps.sessions.seen(session.id);
    const db = this.deps.data.forTenant(claims.tenantId);
    const sessionRoles = csvIds(session.role_id);
    const remember = this.memory.of(
      session.access_version,
      `${claims.tenantId}|${session.dept_id ?? ''}|${sessionRoles.join(',')}`,
    );
    const roles = await remember('roles', async () =>
      sessionRoles.length
        ? await db
            .selectFrom('blade_role')
            .select(['id', 'role_alias'])
            .where('id', 'in', sessionRoles)
            .where('is_deleted', '=', 0)
            .execute()
        : [],
    );
    return {
      userId: claims.userId,
      tenantId: claims.tenantId,
      sessionId: claims.sessionId,
      clientId: claims.clientId,
      account: claims.account,
      deptId: session.dept_id,
      roleIds: roles.map((r) => r.id),
      roleAliases: roles.map((r) => r.role_alias),
      ...(claims.passwordChange ? { passwordChange: true } : {}),
      db,
      remember,
    };
  }

  /**
   * Issues a single-use sign-in ticket for the caller (valid one minute): another window or a
   * trusted app opens /sso?ticket=… and is signed in as the same user without a password, in a
   * session that ends when the caller's does.
   */
  async issueTicket(auth: AuthContext): Promise<string> {
    const ticket = newRefreshToken();
    const claim = {
      tenantId: auth.tenantId,
      userId: auth.userId,
      clientId: auth.clientId,
      deptId: auth.deptId,
      roleIds: auth.roleIds,
      sessionId: auth.sessionId,
    };
    await this.deps.store.set(`sso:${sha256(ticket)}`, JSON.stringify(claim), 60);
    return ticket;
  }

  /** Exchanges a ticket (once) for a new session of the user it names. */
  async redeemTicket(
    authorization: string | undefined,
    ticket: string,
    origin: SessionOrigin,
  ): Promise<TokenAnswer> {
    const client = await clientOf(this.deps.data, this.deps.config, authorization);
    const raw = await this.deps.store.take(`sso:${sha256(ticket)}`);
    if (!raw) throw oauthError(401, 'ticketInvalid');
    const claim = JSON.parse(raw) as {
      tenantId: string;
      userId: number;
      clientId: string;
      deptId: number | null;
      roleIds: number[];
      sessionId: number;
    };
    if (claim.clientId !== client.clientId) throw oauthError(401, 'ticketInvalid');
    await checkTenant(this.deps.data, claim.tenantId);
    const user = await this.deps.data
      .forTenant(claim.tenantId)
      .selectFrom('blade_user')
      .select(['status'])
      .where('id', '=', claim.userId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!user || user.status !== AccountStatus.active) throw oauthError(401, 'ticketInvalid');
    const choice = { deptId: claim.deptId, roleIds: claim.roleIds };
    // The new session belongs to the one that asked for the ticket, and ends with it.
    const { sessionId, refreshToken } = await this.deps.sessions.open(
      { tenantId: claim.tenantId, userId: claim.userId, clientId: client.clientId, ...choice },
      client.refreshTtl,
      { ...origin, parentId: claim.sessionId },
    );
    return tokenAnswer(
      this.deps,
      client,
      { tenantId: claim.tenantId, userId: claim.userId, sessionId, ...choice },
      refreshToken,
    );
  }

  async logout(auth: AuthContext): Promise<void> {
    await this.deps.sessions.revoke(auth.sessionId, 'logout');
  }
}
