import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, type Selectable, sql } from 'kysely';
import { sha256 } from '../../core/digest.js';
import { nextId } from '../../core/ids.js';
import { dbTimeToDate, toDbTime, utcNow } from '../../core/time.js';
import { QueryShapes } from '../../db/query-shape.js';
import type { AuthSessionTable, GlobalDatabase } from '../../db/tables.js';
import { tenantExpired } from '../system/tenant-state.js';
import { newRefreshToken } from './tokens.js';

export interface SessionChoice {
  tenantId: string;
  userId: number;
  clientId: string;
  deptId: number | null;
  roleIds: number[];
}

/** Where a session signs in from: the caller's address and browser. */
export interface SessionOrigin {
  ip: string;
  userAgent: string | undefined;
  /** The session whose single sign-on ticket opens this one: ending it ends this one. */
  parentId?: number;
}

/** Generations of ticket-opened sessions one ending follows (a window opening a window…). */
const MAX_GENERATIONS = 8;

/** A session's last-seen time is written at most this often. */
const SEEN_EVERY_MS = 60_000;
/** Last-seen times noted meanwhile are written together, this long after the first. */
const SEEN_WRITE_DELAY_MS = 5_000;
/** Sessions one last-seen statement names. */
const SEEN_BATCH = 500;

const inSeconds = (seconds: number): string => toDbTime(new Date(Date.now() + seconds * 1000));

interface Versions {
  access_version: number;
  session_version: number;
}

/** The versions that say whether remembered grants (access) and sessions still hold. */
const VERSIONS = [
  sql<number | string>`(select version from app_access_version where id = 1)`.as('access_version'),
  sql<number | string>`(select version from app_session_version where id = 1)`.as('session_version'),
];

const sameVersions = (
  a: { access_version: number | string; session_version: number | string },
  b: Versions,
) => Number(a.access_version) === b.access_version && Number(a.session_version) === b.session_version;

/** Sessions remembered before the memory starts over. */
const REMEMBERED = 10_000;

type ActiveSession = Selectable<AuthSessionTable> & { expire_time: string | null } & Versions;

/**
 * Whether a remembered session's time is up, or its tenant's. A refresh moves a session's end
 * later without telling anyone: a remembered one past its end is read again, not refused.
 */
const ended = (session: ActiveSession): boolean =>
  dbTimeToDate(String(session.expires_at)).getTime() <= Date.now() ||
  tenantExpired(session.tenant_id, session.expire_time);

/**
 * Sign-in sessions. A session is a family of refresh tokens: each refresh uses one token and
 * issues the next; presenting a used token again revokes the whole family (it was stolen or
 * replayed). Access tokens name their session, so revoking it ends them too.
 */
export class SessionStore {
  private readonly shapes = new QueryShapes();
  /**
   * Sessions that were active at the versions `at`, by id. They hold while neither version moves:
   * every change that could end or narrow a session advances the session version (migration
   * 0028), and every change to its tenant the access version.
   */
  private readonly remembered = new Map<number, ActiveSession>();
  private at: Versions = { access_version: 0, session_version: 0 };

  /** When this process last noted each session as seen (it writes at most once a minute). */
  private readonly seenAt = new Map<number, number>();
  /** Sessions seen whose time is not written yet. */
  private readonly unwritten = new Set<number>();
  private seenTimer: NodeJS.Timeout | undefined;
  private writingSeen: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<GlobalDatabase>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  async open(
    choice: SessionChoice,
    refreshTtl: number,
    origin: SessionOrigin,
  ): Promise<{ sessionId: number; refreshToken: string }> {
    const sessionId = nextId();
    const refreshToken = newRefreshToken();
    const now = utcNow();
    this.seenAt.set(sessionId, Date.now());
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
          created_at: now,
          expires_at: inSeconds(refreshTtl),
          revoked_at: null,
          revoke_reason: null,
          ip: origin.ip.slice(0, 64),
          user_agent: origin.userAgent?.slice(0, 255) ?? null,
          last_seen: now,
          parent_id: origin.parentId ?? null,
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
   * expired (a tenant disabled or expired ends its sessions at once, in every process). A session
   * read before is answered from memory while the versions stand still, for one statement that
   * reads only them; a session's row with its tenant's costs several times more.
   */
  async active(sessionId: number): Promise<ActiveSession | undefined> {
    const known = this.remembered.get(sessionId);
    if (known && !ended(known)) {
      // Run before every request's own statements: compiled once.
      const [versions] = await this.shapes.execute(
        this.db,
        'versions',
        () => this.db.selectNoFrom(VERSIONS),
        [],
      );
      // Looked up again: another request may have started the memory over meanwhile.
      const current =
        versions && sameVersions(versions, this.at) ? this.remembered.get(sessionId) : undefined;
      if (current && !ended(current)) return current;
    }
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
          .select(VERSIONS)
          .where('s.id', '=', id)
          .where('s.revoked_at', 'is', null)
          .where('s.expires_at', '>', now)
          .where('t.is_deleted', '=', 0)
          .where('t.status', '=', 1),
      [sessionId, utcNow()],
    );
    if (!row || tenantExpired(row.tenant_id, row.expire_time)) {
      this.remembered.delete(sessionId);
      return undefined;
    }
    const session = {
      ...row,
      access_version: Number(row.access_version),
      session_version: Number(row.session_version),
    };
    this.remember(session);
    return session;
  }

  /**
   * Notes a request of a session. Its last-seen time is written at most once a minute per
   * process, for all sessions seen meanwhile in one statement after the request: a request costs
   * a map lookup. The column is none the session version watches, so the write ends nothing.
   */
  seen(sessionId: number): void {
    const now = Date.now();
    if (now - (this.seenAt.get(sessionId) ?? 0) < SEEN_EVERY_MS) return;
    if (this.seenAt.size >= REMEMBERED) this.seenAt.clear();
    this.seenAt.set(sessionId, now);
    this.unwritten.add(sessionId);
    if (!this.seenTimer) {
      this.seenTimer = setTimeout(() => void this.writeSeen(), SEEN_WRITE_DELAY_MS);
      this.seenTimer.unref();
    }
  }

  /** Writes the last-seen times noted so far (a failure is logged: the next minute writes again). */
  writeSeen(): Promise<void> {
    clearTimeout(this.seenTimer);
    this.seenTimer = undefined;
    const ids = [...this.unwritten];
    this.unwritten.clear();
    this.writingSeen = this.writingSeen.then(async () => {
      for (let i = 0; i < ids.length; i += SEEN_BATCH) {
        const batch = ids.slice(i, i + SEEN_BATCH);
        try {
          await this.db
            .updateTable('blade_auth_session')
            .set({ last_seen: utcNow() })
            .where('id', 'in', batch)
            .execute();
        } catch (error) {
          for (const id of batch) this.seenAt.delete(id);
          this.log.error({ err: error }, 'the last-seen time of sessions could not be written');
        }
      }
    });
    return this.writingSeen;
  }

  /**
   * Keeps a session read at its versions. A read older than one already made must not refill the
   * memory (it may be from before a change); a newer one starts it over.
   */
  private remember(session: ActiveSession): void {
    const at = this.at;
    if (session.access_version < at.access_version || session.session_version < at.session_version) return;
    if (!sameVersions(session, at) || this.remembered.size >= REMEMBERED) {
      this.at = { access_version: session.access_version, session_version: session.session_version };
      this.remembered.clear();
    }
    this.remembered.set(session.id, session);
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

  /**
   * Ends the live sessions among `ids`, and the sessions their sign-on tickets opened; answers how
   * many of `ids` it ended.
   */
  async revokeMany(ids: readonly number[], reason: string): Promise<number> {
    if (ids.length === 0) return 0;
    const ended = await this.end(ids, reason);
    let issuers = ids;
    for (let generation = 0; generation < MAX_GENERATIONS && issuers.length > 0; generation++) {
      const opened = await this.db
        .selectFrom('blade_auth_session')
        .select('id')
        .where('parent_id', 'in', issuers)
        .where('revoked_at', 'is', null)
        .execute();
      issuers = opened.map((row) => Number(row.id));
      if (issuers.length > 0) await this.end(issuers, 'issuer-ended');
    }
    return ended;
  }

  async revoke(sessionId: number, reason: string): Promise<void> {
    await this.revokeMany([sessionId], reason);
  }

  private async end(ids: readonly number[], reason: string): Promise<number> {
    const result = await this.db
      .updateTable('blade_auth_session')
      .set({ revoked_at: utcNow(), revoke_reason: reason })
      .where('id', 'in', ids)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
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
