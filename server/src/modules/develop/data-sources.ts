import { existsSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { SECRET_MASK } from '@blade/schema';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { loadEachTime, type Remember } from '../../core/access-memory.js';
import { AppError } from '../../core/errors.js';
import type { MessageKey } from '../../core/messages.js';
import { isOutboundRefused, type OutboundGuard } from '../../core/outbound.js';
import { SecretBox } from '../../core/secret-box.js';
import { utcNow } from '../../core/time.js';
import type { HistoryWriter } from '../../crud/history.js';
import { type DataAccess, type DialectName, openDatabase } from '../../db/database.js';
import { dynamic } from '../../db/dynamic-db.js';
import { migrateToLatest } from '../../db/migrate.js';
import { BUSINESS_TABLES, type Database, type DatasourceTable } from '../../db/tables.js';
import { grantTenants } from '../system/tenant-grants.js';

/** The built-in database: always there, never a row of blade_datasource. */
export const BUILT_IN_DATASOURCE = '0';

/** Kinds of the datasource_kind dictionary and the URL scheme each accepts. */
const SCHEMES: Record<string, { dialect: DialectName; test: RegExp }> = {
  sqlite: { dialect: 'sqlite', test: /^sqlite:/ },
  postgresql: { dialect: 'postgres', test: /^postgres(ql)?:\/\// },
  mysql: { dialect: 'mysql', test: /^(mysql|mariadb):\/\// },
};

/** Whether a URL names a database server (PostgreSQL, MySQL), not a file. */
const networked = (url: string): boolean =>
  SCHEMES.postgresql!.test.test(url) || SCHEMES.mysql!.test.test(url);

/**
 * A PostgreSQL or MySQL URL with its password (of its authority, or a `password` parameter) taken out: the
 * URL is shown in lists, details, exports and history, so the password is kept in its own sealed
 * column instead. Any other URL, or one without a password, comes back as it is.
 */
export function splitPassword(url: string): { url: string; password?: string } {
  if (!networked(url)) return { url };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url };
  }
  const inQuery = parsed.searchParams.get('password');
  if (!parsed.password && inQuery === null) return { url };
  let password = inQuery ?? '';
  if (parsed.password) {
    try {
      password = decodeURIComponent(parsed.password);
    } catch {
      password = parsed.password;
    }
  }
  parsed.password = '';
  parsed.searchParams.delete('password');
  return { url: parsed.toString(), password };
}

/** A URL as shown: the password `splitPassword` would take out replaced by the mask, in its place. */
export function maskPassword(url: string): string {
  if (splitPassword(url).password === undefined) return url;
  const parsed = new URL(url);
  if (parsed.password) parsed.password = SECRET_MASK;
  if (parsed.searchParams.has('password')) parsed.searchParams.set('password', SECRET_MASK);
  return parsed.toString();
}

/** What a data source row says, with the password opened (never sent to a client). */
export interface DataSourceSettings {
  kind: string;
  url: string;
  username?: string | null;
  password?: string | null;
}

/** Where a data source connects, resolved: a URL the data layer opens, credentials included. */
export interface DataSourceTarget {
  id: string;
  name: string;
  dialect: DialectName;
  url: string;
  /** For SQLite: the database file (absolute). */
  file?: string;
}

/**
 * The data sources the server may connect to: the built-in database and the rows administrators
 * configure. Connections are opened on first use, kept per data source and closed with the
 * server. Only a data source that holds tenants' business data gets our tables (migrations);
 * one that the code generator or reports merely read is left as it is.
 */
export class DataSources {
  /** Open connections by data source, with the row version (update time) they were opened at. */
  private readonly handles = new Map<string, { version: string; data: Promise<DataAccess> }>();
  /** Data sources holding tenants' business data, migrated once per process. */
  private readonly migrated = new WeakMap<DataAccess, Promise<void>>();
  /** Replaced connections, closed a little later (or with the server). */
  private readonly retired = new Map<NodeJS.Timeout, Promise<DataAccess>>();

  constructor(
    private readonly main: DataAccess,
    private readonly mainUrl: string,
    private readonly box: SecretBox,
    private readonly dataDir: string,
    private readonly outbound: OutboundGuard,
  ) {}

  /**
   * Refuses, before it is saved, a PostgreSQL or MySQL data source whose host (or `host` parameter) is or
   * resolves to a private, local or reserved address; connections are checked again.
   */
  async checkHost(settings: Pick<DataSourceSettings, 'kind' | 'url'>): Promise<void> {
    const dialect = SCHEMES[settings.kind]?.dialect;
    if (!dialect || dialect === 'sqlite') return;
    let parsed: URL;
    try {
      parsed = new URL(settings.url.trim());
    } catch {
      throw new AppError(400, 'datasourceUrl');
    }
    try {
      for (const host of [parsed.hostname, parsed.searchParams.get('host')])
        if (host) await this.outbound.check(host.startsWith('/') ? 'localhost' : host);
    } catch (error) {
      if (isOutboundRefused(error)) throw new AppError(400, 'datasourcePrivate');
      throw error;
    }
  }

  /** Checks a data source's settings and turns them into a connectable target. */
  resolve(id: string, name: string, settings: DataSourceSettings): DataSourceTarget {
    const scheme = Object.hasOwn(SCHEMES, settings.kind) ? SCHEMES[settings.kind] : undefined;
    const url = settings.url.trim();
    if (!scheme?.test.test(url)) throw new AppError(400, 'datasourceUrl');
    if (scheme.dialect === 'sqlite') {
      const path = url.slice('sqlite:'.length).replace(/^\/\//, '');
      const file = resolve(this.dataDir, path);
      const inside = relative(this.dataDir, file);
      if (!path || path === ':memory:' || inside.startsWith('..') || isAbsolute(inside))
        throw new AppError(400, 'datasourcePath');
      return { id, name, dialect: 'sqlite', url: `sqlite:${file}`, file };
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new AppError(400, 'datasourceUrl');
    }
    if (!parsed.hostname || parsed.pathname.length < 2) throw new AppError(400, 'datasourceUrl');
    if (settings.username) parsed.username = encodeURIComponent(settings.username);
    if (settings.password) parsed.password = encodeURIComponent(settings.password);
    return { id, name, dialect: scheme.dialect, url: parsed.toString() };
  }

  /** The target of a stored data source (or the built-in one); 404 when there is no such row. */
  async target(id: string | number | null | undefined): Promise<DataSourceTarget> {
    const key = id === null || id === undefined || id === '' ? BUILT_IN_DATASOURCE : String(id);
    if (key === BUILT_IN_DATASOURCE)
      return { id: key, name: 'built-in', dialect: this.main.dialect, url: this.mainUrl };
    const row = await this.row(key);
    return this.resolve(key, row.name, this.settingsOf(row));
  }

  /**
   * The database of a data source, opened on first use. The row's version is checked on every
   * call (the caller may pass it when it has just read it), so a data source edited through
   * another server process is reconnected here too.
   */
  async open(id: string | number | null | undefined, version?: string): Promise<DataAccess> {
    const key = id === null || id === undefined || id === '' ? BUILT_IN_DATASOURCE : String(id);
    if (key === BUILT_IN_DATASOURCE) return this.main;
    const current = version ?? (await this.storedVersion(key));
    const cached = this.handles.get(key);
    if (cached?.version === current) return cached.data;
    if (cached) this.retire(key, cached.data);
    const data = this.connect(key);
    this.handles.set(key, { version: current, data });
    // A failed open is not cached: the next call tries again (the database may come back).
    data.catch(() => {
      if (this.handles.get(key)?.data === data) this.handles.delete(key);
    });
    return data;
  }

  /**
   * The handle a tenant's business data (the mall and learning tables) lives behind: its bound
   * data source's database, or the built-in one. A caller's binding is remembered per access
   * version (a binding is a write to blade_tenant), so one made through another server process
   * takes effect at the next request.
   */
  async businessDb(tenantId: string, remember?: Remember): Promise<Kysely<Database>> {
    return (await this.business(tenantId, remember)).db;
  }

  /** The same, with the dialect of the database it lives in. */
  async business(
    tenantId: string,
    remember: Remember = loadEachTime,
  ): Promise<{ db: Kysely<Database>; dialect: DialectName }> {
    const tenant = await remember('binding', () =>
      this.main.global
        .selectFrom('blade_tenant as t')
        .leftJoin('blade_datasource as d', (join) =>
          join.onRef('d.id', '=', 't.datasource_id').on('d.is_deleted', '=', 0),
        )
        .select(['t.datasource_id', 'd.kind', 'd.url', 'd.username', 'd.password', 'd.update_time'])
        .where('t.tenant_id', '=', tenantId)
        .executeTakeFirst(),
    );
    const data = await this.prepared(
      tenant?.datasource_id ?? null,
      tenant?.kind ? versionOf(tenant as Versioned) : undefined,
    );
    return { db: data.forTenant(tenantId), dialect: data.dialect };
  }

  /** A data source opened and migrated to hold business data (a tenant is bound to it). */
  async prepared(id: string | number | null | undefined, version?: string): Promise<DataAccess> {
    const data = await this.open(id, version);
    if (data === this.main) return data;
    let done = this.migrated.get(data);
    if (!done) {
      done = migrateToLatest(data).then(() => undefined);
      this.migrated.set(data, done);
      done.catch(() => this.migrated.delete(data));
    }
    try {
      await done;
    } catch (error) {
      throw new AppError(503, failureOf(error));
    }
    return data;
  }

  /**
   * Binds a tenant's business data to a data source (null: the built-in database). Data is
   * never moved, so a tenant that already has business rows where it is now stays there; the
   * target is opened and migrated first, so a broken data source is refused, not half-bound.
   */
  async bind(
    tenantId: string,
    datasourceId: number | null,
    who: HistoryWriter['auth'],
    requestId?: string,
  ): Promise<void> {
    const tenant = await this.main.global
      .selectFrom('blade_tenant')
      .select('datasource_id')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!tenant) throw new AppError(404, 'rowNotFound');
    const current = tenant.datasource_id ? Number(tenant.datasource_id) : null;
    if (current === datasourceId) return;
    await this.prepared(datasourceId);
    const here = dynamic((await this.prepared(current)).forTenant(tenantId));
    for (const table of BUSINESS_TABLES) {
      // Any row counts, soft-deleted ones too: they are still the tenant's history.
      const row = await here.selectFrom(table).select('tenant_id').limit(1).executeTakeFirst();
      if (row) throw new AppError(409, 'datasourceHasData');
    }
    await grantTenants(
      this.main.unscoped(),
      who,
      requestId,
      { tenantId },
      { datasource_id: datasourceId },
      { update_user: who.userId, update_time: utcNow() },
    );
  }

  /** Connects to a target once and runs a trivial query; failures answer what to check, no more. */
  async test(target: DataSourceTarget): Promise<void> {
    if (target.file && !existsSync(target.file)) throw new AppError(400, 'datasourceMissing');
    let data: DataAccess | undefined;
    try {
      // Opening SQLite reads the file at once: a file that is no database fails here already.
      data = openDatabase(target.url, {
        poolSize: 1,
        connectTimeout: 5000,
        socket: this.socket,
        prepare: this.main.prepare,
      });
      await sql`select 1`.execute(data.unscoped());
    } catch (error) {
      throw new AppError(400, failureOf(error));
    } finally {
      await data?.close().catch(() => undefined);
    }
  }

  /** Each connection of a data source goes through the outbound guard. */
  private readonly socket = () => this.outbound.socket();

  /** Drops the cached connection of a data source whose settings changed or that was removed. */
  async forget(id: string | number): Promise<void> {
    const key = String(id);
    const handle = this.handles.get(key);
    this.handles.delete(key);
    if (handle) await (await handle.data.catch(() => undefined))?.close();
  }

  /** Closes a replaced connection once the requests still using it have had time to finish. */
  private retire(key: string, data: Promise<DataAccess>): void {
    this.handles.delete(key);
    const timer = setTimeout(() => void this.closeRetired(timer, data), 30_000);
    timer.unref();
    this.retired.set(timer, data);
  }

  private async closeRetired(timer: NodeJS.Timeout, data: Promise<DataAccess>): Promise<void> {
    clearTimeout(timer);
    this.retired.delete(timer);
    await (await data.catch(() => undefined))?.close();
  }

  /** The version of a stored data source; 404 when there is no such row. */
  private async storedVersion(id: string): Promise<string> {
    const row = await this.main.global
      .selectFrom('blade_datasource')
      .select(['kind', 'url', 'username', 'password', 'update_time'])
      .where('id', '=', Number(id))
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw new AppError(404, 'rowNotFound');
    return versionOf(row);
  }

  async close(): Promise<void> {
    await Promise.all([
      ...[...this.handles.keys()].map((id) => this.forget(id)),
      ...[...this.retired].map(([timer, data]) => this.closeRetired(timer, data)),
    ]);
  }

  settingsOf(row: Pick<DatasourceTable, 'kind' | 'url' | 'username' | 'password'>): DataSourceSettings {
    return {
      kind: row.kind,
      url: row.url,
      username: row.username,
      password: row.password && SecretBox.isSealed(row.password) ? this.box.open(row.password) : row.password,
    };
  }

  /** A saved data source's settings, password opened. */
  async savedSettings(id: string): Promise<DataSourceSettings> {
    return this.settingsOf(await this.row(id));
  }

  private async row(
    id: string,
  ): Promise<Pick<DatasourceTable, 'name' | 'kind' | 'url' | 'username' | 'password'>> {
    const row = await this.main.global
      .selectFrom('blade_datasource')
      .select(['name', 'kind', 'url', 'username', 'password'])
      .where('id', '=', Number(id))
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw new AppError(404, 'rowNotFound');
    return row;
  }

  private async connect(id: string): Promise<DataAccess> {
    const target = await this.target(id);
    try {
      return openDatabase(target.url, {
        writes: this.main.writes,
        prepare: this.main.prepare,
        connectTimeout: 5000,
        socket: this.socket,
      });
    } catch (error) {
      throw new AppError(503, failureOf(error));
    }
  }
}

type Versioned = Pick<DatasourceTable, 'kind' | 'url' | 'username' | 'password' | 'update_time'>;

/** What identifies a data source's connection: its settings (an edit changes them) and update time. */
const versionOf = (row: Versioned): string =>
  JSON.stringify([row.kind, row.url, row.username, row.password, String(row.update_time)]);

/**
 * What a failed connection means, by driver error code only: a remote server's own words (its
 * banner, its error text) are never passed on, so the test call cannot be used to probe hosts.
 */
function failureOf(error: unknown): MessageKey {
  const code = String((error as { code?: unknown })?.code ?? '');
  if (isOutboundRefused(error)) return 'datasourcePrivate';
  if (code === '28P01' || code === '28000' || code === 'ER_ACCESS_DENIED_ERROR') return 'datasourceLogin';
  if (code === '3D000' || code === 'SQLITE_CANTOPEN' || code === 'ER_BAD_DB_ERROR')
    return 'datasourceMissing';
  if (code === 'SQLITE_NOTADB') return 'datasourceNotDatabase';
  if (/^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ECONNRESET)$/.test(code))
    return 'datasourceUnreachable';
  const message = error instanceof Error ? error.message : '';
  if (/timeout|terminated/i.test(message)) return 'datasourceUnreachable';
  return 'datasourceFailed';
}
