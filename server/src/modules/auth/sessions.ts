import { type Kysely, sql } from 'kysely';
import { sha256 } from '../../core/digest.js';
import { nextId } from '../../core/ids.js';
import { toDbTime, utcNow } from '../../core/time.js';
import { QueryShapes } from '../../db/query-shape.js';
import type { GlobalDatabase } from '../../db/tables.js';
import { tenantExpired } from '../system/tenant-expiry.js';
import { newRefreshToken } from './tokens.js';

export interface SessionChoice {
  tenantId: string;
  userId: number;
  clientId: string;
  deptId: number | null;
  roleIds: number[];
}

const inSeconds = (seconds: number): string => toDbTime(new Date(Date.now() + seconds * 1000));

/**
 * Sign-in sessions. A session is a family of refresh tokens: each refresh uses one token and
 * issues the next; presenting a used token again revokes the whole family (it was stolen or
 * replayed). Access tokens name their session, so revoking it ends them too.
 */
export class SessionStore {
  private readonly shapes = new QueryShapes();

  constructor(private readonly db: Kysely<GlobalDatabase>) {}

  async open(
    choice: SessionChoice,
    refreshTtl: number,
  ): Promise<{ sessionId: number; refreshToken: string }> {
    const sessionId = nextId();
    const refreshToken = newRefreshToken();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('blade_auth_session')
        .values({
          id: sessionId,
          tenant_id: choice.tenantId,
          user_id: choice.userId,
          client_id: choice.clientId,
          dept_id: choice.deptId,
          role_id: choice.roleIds.join(','),
          created_at: utcNow(),
          expires_at: inSeconds(refreshTtl),
          revoked_at: null,
          revoke_reason: null,
        })
        .execute();
      await trx
        .insertInto('blade_auth_refresh')
        .values({
          id: nextId(),
          session_id: sessionId,
          token_hash: sha256(refreshToken),
          expires_at: inSeconds(refreshTtl),
          used_at: null,
        })
        .execute();
    });
    return { sessionId, refreshToken };
  }

  /** An open session, or undefined when it does not exist, was revoked or has expired. */
  async live(sessionId: number) {
    const row = await this.db
      .selectFrom('blade_auth_session')
      .selectAll()
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', utcNow())
      .executeTakeFirst();
    return row;
  }

  /**
   * A session that may act now: open, and of a tenant that is enabled, not removed and not
   * expired (a tenant disabled or expired ends its sessions at once, in every process).
   */
  async active(sessionId: number) {
    // Run before every request's own statements: compiled once.
    const [row] = await this.shapes.execute(
      this.db,
      'active',
      (id: number, now: string) =>
        this.db
          .selectFrom('blade_auth_session as s')
          .innerJoin('blade_tenant as t', 't.tenant_id', 's.tenant_id')
          .selectAll('s')
          .select('t.expire_time')
          // Read with the session, so one statement tells whether anything remembered still holds.
          .select(
            sql<number | string>`(select version from app_access_version where id = 1)`.as('access_version'),
          )
          .where('s.id', '=', id)
          .where('s.revoked_at', 'is', null)
          .where('s.expires_at', '>', now)
          .where('t.is_deleted', '=', 0)
          .where('t.status', '=', 1),
      [sessionId, utcNow()],
    );
    if (!row) return undefined;
    if (tenantExpired(row.tenant_id, row.expire_time)) return undefined;
    return { ...row, access_version: Number(row.access_version) };
  }

  /**
   * Uses a refresh token: answers its session and a new token, or a reason it was refused.
   * A token used before revokes its session (reuse means it leaked).
   */
  async rotate(
    refreshToken: string,
    refreshTtl: number,
  ): Promise<{ ok: true; sessionId: number; refreshToken: string } | { ok: false; reason: string }> {
    const hash = sha256(refreshToken);
    const row = await this.db
      .selectFrom('blade_auth_refresh')
      .select(['id', 'session_id', 'used_at', 'expires_at'])
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.used_at !== null) {
      await this.revoke(row.session_id, 'refresh-reuse');
      return { ok: false, reason: 'reused' };
    }
    const now = utcNow();
    if (String(row.expires_at) <= now) return { ok: false, reason: 'expired' };
    const session = await this.live(row.session_id);
    if (!session) return { ok: false, reason: 'revoked' };

    const next = newRefreshToken();
    const rotated = await this.db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('blade_auth_refresh')
        .set({ used_at: now })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('blade_auth_refresh')
        .values({
          id: nextId(),
          session_id: row.session_id,
          token_hash: sha256(next),
          expires_at: inSeconds(refreshTtl),
          used_at: null,
        })
        .execute();
      await trx
        .updateTable('blade_auth_session')
        .set({ expires_at: inSeconds(refreshTtl) })
        .where('id', '=', row.session_id)
        .execute();
      return true;
    });
    if (!rotated) {
      await this.revoke(row.session_id, 'refresh-reuse');
      return { ok: false, reason: 'reused' };
    }
    return { ok: true, sessionId: row.session_id, refreshToken: next };
  }

  async choose(sessionId: number, deptId: number | null, roleIds: number[]): Promise<void> {
    await this.db
      .updateTable('blade_auth_session')
      .set({ dept_id: deptId, role_id: roleIds.join(',') })
      .where('id', '=', sessionId)
      .execute();
  }

  async revoke(sessionId: number, reason: string): Promise<void> {
    await this.db
      .updateTable('blade_auth_session')
      .set({ revoked_at: utcNow(), revoke_reason: reason })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every session of a tenant (it was disabled or expired). */
  async revokeTenant(
    tenantId: string,
    reason: string,
    db: Kysely<GlobalDatabase> = this.db,
  ): Promise<number> {
    const result = await db
      .updateTable('blade_auth_session')
      .set({ revoked_at: utcNow(), revoke_reason: reason })
      .where('tenant_id', '=', tenantId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Ends every session of a user: after a password change, disabling, or a change of roles.
   * `db` lets the caller do it inside its own transaction.
   */
  async revokeUser(
    tenantId: string,
    userId: number,
    reason: string,
    db: Kysely<GlobalDatabase> = this.db,
  ): Promise<void> {
    await db
      .updateTable('blade_auth_session')
      .set({ revoked_at: utcNow(), revoke_reason: reason })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every session of a user but one (the one that just changed a one-time password). */
  async revokeOthers(tenantId: string, userId: number, keep: number, reason: string): Promise<void> {
    await this.db
      .updateTable('blade_auth_session')
      .set({ revoked_at: utcNow(), revoke_reason: reason })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('id', '!=', keep)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
