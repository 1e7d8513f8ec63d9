import type { OnlineSession, Page } from '@blade/schema';
import { AppError } from '../../core/errors.js';
import { toWireTime, utcNow } from '../../core/time.js';
import type { DataAccess } from '../../db/database.js';
import type { SessionStore } from './sessions.js';

/**
 * Whose sessions a caller may see and end: one tenant's (a tenant administrator), one user's
 * (personal info), or every tenant's (the platform, optionally narrowed to one tenant).
 */
export interface SessionScope {
  tenantId?: string;
  userId?: number;
}

export interface SessionQuery {
  current: number;
  size: number;
  account?: string | undefined;
  ip?: string | undefined;
}

/** Why an operator's or user's ending of a session is kept with it. */
export type EndReason = 'operator' | 'self';

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The live sessions of a scope: listed with who and where, and ended on request. */
export class OnlineSessions {
  constructor(
    private readonly data: DataAccess,
    private readonly sessions: SessionStore,
    private readonly timeZone: string,
  ) {}

  /** Live sessions of the scope (not revoked, not past their end), newest first. */
  private live(scope: SessionScope) {
    let query = this.data
      .unscoped()
      .selectFrom('blade_auth_session as s')
      .innerJoin('blade_tenant as t', 't.tenant_id', 's.tenant_id')
      .leftJoin('blade_user as u', (join) =>
        join.onRef('u.id', '=', 's.user_id').onRef('u.tenant_id', '=', 's.tenant_id'),
      )
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', utcNow());
    if (scope.tenantId !== undefined) query = query.where('s.tenant_id', '=', scope.tenantId);
    if (scope.userId !== undefined) query = query.where('s.user_id', '=', scope.userId);
    return query;
  }

  async page(scope: SessionScope, query: SessionQuery, callerSession: number): Promise<Page<OnlineSession>> {
    let rows = this.live(scope);
    if (query.account) rows = rows.where('u.account', 'like', likeText(query.account));
    if (query.ip) rows = rows.where('s.ip', 'like', likeText(query.ip));
    const counted = await rows.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const total = Number(counted?.n ?? 0);
    const found = await rows
      .select([
        's.id',
        's.tenant_id',
        't.tenant_name',
        's.user_id',
        'u.account',
        'u.real_name',
        'u.name',
        's.client_id',
        's.ip',
        's.user_agent',
        's.created_at',
        's.last_seen',
        's.expires_at',
      ])
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(query.size)
      .offset((query.current - 1) * query.size)
      .execute();
    const wire = (time: string | null) => (time === null ? null : toWireTime(String(time), this.timeZone));
    return {
      records: found.map((r) => ({
        id: String(r.id),
        tenantId: r.tenant_id,
        tenantName: r.tenant_name,
        userId: String(r.user_id),
        account: r.account ?? '',
        realName: r.real_name ?? r.name ?? '',
        clientId: r.client_id,
        ip: r.ip,
        userAgent: r.user_agent,
        signedInAt: wire(r.created_at) ?? '',
        lastSeen: wire(r.last_seen),
        expiresAt: wire(r.expires_at) ?? '',
        current: Number(r.id) === callerSession,
      })),
      total,
      size: query.size,
      current: query.current,
      pages: Math.ceil(total / query.size),
    };
  }

  /**
   * Ends sessions of the scope, all or none: one that is not live in it (another tenant's, another
   * user's, ended already) is 404. The session version moves, so each ends at its next request in
   * every process.
   */
  async end(scope: SessionScope, ids: readonly number[], reason: EndReason): Promise<number> {
    if (ids.length === 0) throw new AppError(404, 'notFound');
    const found = await this.live(scope).select('s.id').where('s.id', 'in', ids).execute();
    if (found.length !== new Set(ids).size) throw new AppError(404, 'notFound');
    return this.sessions.revokeMany(
      found.map((r) => Number(r.id)),
      reason,
    );
  }
}
