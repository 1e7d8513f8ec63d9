import { type Endpoint, type ResourceDef, resources, screenFolder, type Text } from '@blade/schema';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { type Kysely, type Selectable, sql } from 'kysely';
import { AppError } from '../../core/errors.js';
import { nextId } from '../../core/ids.js';
import type { Language } from '../../core/messages.js';
import { utcNow } from '../../core/time.js';
import { checkRegistry } from '../../crud/registry-check.js';
import { type EndpointHandler, METHOD, resourceEndpoints } from '../../crud/resource-routes.js';
import { openDatabase } from '../../db/database.js';
import { liveRow } from '../../db/live-row.js';
import { migrateToLatest } from '../../db/migrate.js';
import { seededDictionaryKeys } from '../../db/seed/dictionaries.js';
import { type MenuSeed, menuColumns } from '../../db/seed/menu-tree.js';
import { type CodeTable, type GlobalDatabase, SCOPED_TABLES, scopeGeneratedTable } from '../../db/tables.js';
import {
  type CodePlan,
  type CodeRecord,
  hasUsablePrimaryKey,
  planCode,
  servedResource,
  servingProblems,
} from './code-plan.js';
import { introspectTable } from './introspect.js';

/** What blade_code.declaration holds for a registered record. */
export interface StoredDeclaration {
  resource: ResourceDef;
  /** The data source the table lives in ('0': the built-in database). */
  datasourceId: string;
  /** The web route of its list page. */
  menuPath: string;
  /** The blade_menu rows registration wrote (the screen and its buttons). */
  menuIds: number[];
}

/** A registered resource as the dispatcher serves it. */
export interface ServedResource {
  recordId: number;
  stored: StoredDeclaration;
  endpoints: ReturnType<typeof resourceEndpoints>;
}

export function parseStored(text: string | null | undefined): StoredDeclaration | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as StoredDeclaration;
    if (!parsed?.resource?.name || !parsed.resource.path) return undefined;
    // Declarations stored before owners were declared: a shared table is the platform's.
    parsed.resource.owner ??= parsed.resource.tenant ? 'tenant' : 'platform';
    return parsed;
  } catch {
    return undefined;
  }
}

/** A blade_code row as the generator reads it. */
export function recordOf(
  row: Pick<
    Selectable<CodeTable>,
    | 'id'
    | 'datasource_id'
    | 'code_name'
    | 'module_name'
    | 'table_name'
    | 'table_prefix'
    | 'pk_name'
    | 'api_path'
    | 'base_mode'
    | 'tenant_mode'
  >,
): CodeRecord {
  return {
    id: Number(row.id),
    datasourceId: String(row.datasource_id ?? 0),
    codeName: row.code_name,
    moduleName: row.module_name,
    tableName: row.table_name,
    tablePrefix: row.table_prefix ?? '',
    pkName: row.pk_name || 'id',
    apiPath: row.api_path,
    baseMode: Number(row.base_mode) === 1,
    tenantMode: Number(row.tenant_mode) === 1,
  };
}

let ownTables: Promise<ReadonlySet<string>> | undefined;

/**
 * The tables our own migrations create (found by migrating an empty in-memory database once):
 * a generated resource may never be one of them, so registration cannot widen the tenant scope
 * of, or serve, a table the server itself manages.
 */
export function serverTables(): Promise<ReadonlySet<string>> {
  ownTables ??= (async () => {
    const scratch = openDatabase('sqlite::memory:');
    try {
      await migrateToLatest(scratch);
      const rows = await sql<{ name: string }>`
        select name from sqlite_master where type = 'table'`.execute(scratch.unscoped());
      return new Set(rows.rows.map((r) => r.name));
    } finally {
      await scratch.close();
    }
  })();
  ownTables.catch(() => {
    ownTables = undefined;
  });
  return ownTables;
}

const say = (zh: string, en: string): Text => ({ zh, en });

/**
 * Declarations registered at run time from the code generator, served by one dispatcher route.
 * The registered set lives in blade_code (declaration, registered = 1) and this is a cache of it,
 * reloaded when this process writes blade_code and at least every ten seconds (other processes'
 * writes), so what is served never disagrees with what is stored for long, and a restart
 * registers everything again.
 */
export class GeneratedResources {
  private byPath = new Map<string, ServedResource>();
  private generation = -1;
  private loadedAt = 0;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly app: FastifyInstance,
    private readonly ttlMs = 10_000,
  ) {}

  private get data() {
    return this.app.services.data;
  }

  private stale(): boolean {
    return (
      this.generation !== this.data.writes.generation('blade_code') || Date.now() - this.loadedAt > this.ttlMs
    );
  }

  /** The served resources by API path, reloaded first when blade_code changed. */
  async served(): Promise<ReadonlyMap<string, ServedResource>> {
    for (let round = 0; round < 3 && this.stale(); round++) await this.reload();
    return this.byPath;
  }

  /** Reloads from blade_code (one load at a time; a caller arriving mid-load waits for the next). */
  async reload(): Promise<void> {
    while (this.loading) await this.loading.catch(() => undefined);
    this.loading = this.load();
    try {
      await this.loading;
    } finally {
      this.loading = undefined;
    }
  }

  /** The endpoint a request reaches: `/api<path>/<endpoint>` with that endpoint's method. */
  async endpointAt(
    method: string,
    url: string,
  ): Promise<
    { resource: ResourceDef; endpoint: Endpoint; handler: EndpointHandler; schema: FastifySchema } | undefined
  > {
    const cut = url.lastIndexOf('/');
    if (!url.startsWith('/api/') || cut < 5) return undefined;
    const found = (await this.served()).get(url.slice(4, cut));
    const endpoint = url.slice(cut + 1) as Endpoint;
    if (!found?.stored.resource.endpoints.includes(endpoint) || METHOD[endpoint] !== method) return undefined;
    return {
      resource: found.stored.resource,
      endpoint,
      handler: found.endpoints.handlers[endpoint],
      schema: found.endpoints.schemas[endpoint] ?? {},
    };
  }

  private async load(): Promise<void> {
    const generation = this.data.writes.generation('blade_code');
    const rows = await this.data.global
      .selectFrom('blade_code')
      .select(['id', 'declaration'])
      .where('registered', '=', 1)
      .where('is_deleted', '=', 0)
      .orderBy('id')
      .execute();
    const next = new Map<string, ServedResource>();
    const accepted: Record<string, ResourceDef> = {};
    for (const row of rows) {
      const stored = parseStored(row.declaration);
      if (!stored) continue;
      const problems = await this.problemsOf(stored.resource, accepted, false);
      if (problems.length) {
        this.app.log.warn(
          { code: row.id, problems: problems.map((p) => p.en) },
          'generated resource skipped',
        );
        continue;
      }
      if (stored.resource.tenant) scopeGeneratedTable(stored.resource.table);
      const before = this.byPath.get(stored.resource.path);
      // The same declaration keeps its service (and its list totals cache).
      const same = before && JSON.stringify(before.stored) === JSON.stringify(stored);
      const served: ServedResource = same
        ? before
        : {
            recordId: Number(row.id),
            stored,
            endpoints: resourceEndpoints(
              this.app.services,
              stored.resource,
              {},
              { datasourceId: stored.datasourceId },
            ),
          };
      next.set(stored.resource.path, served);
      accepted[stored.resource.name] = stored.resource;
    }
    this.byPath = next;
    this.generation = generation;
    this.loadedAt = Date.now();
  }

  /**
   * What keeps a declaration from being served beside the built-in resources and the `others`
   * registered: registry rules, names, paths and routes already taken, the server's own tables.
   */
  private async problemsOf(
    resource: ResourceDef,
    others: Record<string, ResourceDef>,
    checkRoutes: boolean,
  ): Promise<Text[]> {
    const problems: Text[] = [];
    if (resources[resource.name] || others[resource.name])
      problems.push(say(`资源名 ${resource.name} 已被使用`, `the resource name ${resource.name} is taken`));
    if ((await serverTables()).has(resource.table))
      problems.push(
        say(`表 ${resource.table} 属于系统自身`, `the table ${resource.table} is one of the server's own`),
      );
    const tenantTables = new Set(SCOPED_TABLES);
    if (resource.tenant) tenantTables.add(resource.table);
    const registry = { ...resources, ...others, [resource.name]: resource };
    // Only this declaration's problems: the others were checked when they were registered.
    for (const problem of checkRegistry(registry, { dictionaries: seededDictionaryKeys, tenantTables }))
      if (problem.startsWith(`resource ${resource.name}:`)) problems.push(say(problem, problem));
    if (checkRoutes)
      for (const endpoint of resource.endpoints) {
        const url = `/api${resource.path}/${endpoint}`;
        if (this.app.hasRoute({ method: METHOD[endpoint], url }))
          problems.push(say(`接口 ${url} 已存在`, `the endpoint ${url} exists already`));
      }
    return problems;
  }

  /**
   * Registers a code record's table as a resource of the running server: checks it, then in one
   * transaction stores the declaration and writes its menu and buttons, then serves it. A failed
   * check or write leaves the previous state (registered or not) untouched.
   */
  async register(
    id: number,
    who: { userId: number; lang: Language },
  ): Promise<{ name: string; path: string; menuPath: string }> {
    const row = await liveCodeRecord(this.data.global, id);
    const plan = await planOf(this.app, recordOf(row));
    const resource = servedResource(plan);
    const others: Record<string, ResourceDef> = {};
    for (const served of (await this.served()).values())
      if (served.recordId !== id) others[served.stored.resource.name] = served.stored.resource;
    const problems = [...servingProblems(plan), ...(await this.problemsOf(resource, others, true))];
    if (problems.length)
      throw new AppError(400, 'codeNotServable', { reason: problems.map((p) => p[who.lang]).join('；') });
    const previous = parseStored(row.declaration)?.menuIds ?? [];
    await this.data.global.transaction().execute(async (trx) => {
      const menuIds = await writeMenus(trx, plan, previous, who.userId);
      const stored: StoredDeclaration = {
        resource,
        datasourceId: plan.record.datasourceId,
        menuPath: plan.menuPath,
        menuIds,
      };
      await trx
        .updateTable('blade_code')
        .set({
          declaration: JSON.stringify(stored),
          registered: 1,
          update_user: who.userId,
          update_time: utcNow(),
        })
        .where('id', '=', id)
        .execute();
    });
    this.data.writes.bump('blade_code');
    this.data.writes.bump('blade_menu');
    await this.reload();
    return { name: resource.name, path: resource.path, menuPath: plan.menuPath };
  }
}

/** A live code record's row; 404 when it is not there. */
export function liveCodeRecord(db: Kysely<GlobalDatabase>, id: number): Promise<Selectable<CodeTable>> {
  return liveRow(db, 'blade_code', id);
}

/** Reads a record's table from its data source and plans its resource; refuses a table without a usable key. */
export async function planOf(app: FastifyInstance, record: CodeRecord): Promise<CodePlan> {
  const source = await app.services.dataSources.open(record.datasourceId);
  const table = await introspectTable(source, record.tableName);
  if (!hasUsablePrimaryKey(record, table))
    throw new AppError(400, 'codeNoPrimaryKey', { table: record.tableName, pk: record.pkName || 'id' });
  return planCode(record, table);
}

/**
 * Writes the screen and its buttons: rows this record wrote before are updated in place (so role
 * grants survive a re-registration), missing ones inserted, and the ones no longer wanted
 * removed. A code another menu holds is refused. Answers the ids of the screen and its buttons.
 */
async function writeMenus(
  trx: Kysely<GlobalDatabase>,
  plan: CodePlan,
  previous: number[],
  userId: number,
): Promise<number[]> {
  const nodes: Array<{ node: MenuSeed; isScreen: boolean }> = [
    { node: plan.menu, isScreen: true },
    ...(plan.menu.children ?? []).map((node) => ({ node, isScreen: false })),
  ];
  const live = await trx
    .selectFrom('blade_menu')
    .select(['id', 'code'])
    .where(
      'code',
      'in',
      nodes.map((n) => n.node.code),
    )
    .where('is_deleted', '=', 0)
    .execute();
  const mine = new Set(previous);
  for (const row of live) if (!mine.has(row.id)) throw new AppError(409, 'codeMenuTaken', { code: row.code });
  const byCode = new Map(live.map((r) => [r.code, r.id]));
  const folder = async (code: string) =>
    (
      await trx
        .selectFrom('blade_menu')
        .select('id')
        .where('code', '=', code)
        .where('parent_id', '=', 0)
        .where('category', '=', 1)
        .where('is_deleted', '=', 0)
        .executeTakeFirst()
    )?.id;
  const parentId =
    (await folder(plan.resource.screen ? screenFolder(plan.resource.screen) : 'tool')) ??
    (await folder('tool')) ??
    0;
  const now = utcNow();
  const ids: number[] = [];
  let screenId = 0;
  for (const { node, isScreen } of nodes) {
    const values = {
      parent_id: isScreen ? parentId : screenId,
      ...menuColumns(node),
      update_user: userId,
      update_time: now,
    };
    let id = byCode.get(node.code);
    if (id !== undefined) await trx.updateTable('blade_menu').set(values).where('id', '=', id).execute();
    else {
      id = nextId();
      const sort = isScreen
        ? Number(
            (
              await trx
                .selectFrom('blade_menu')
                .select((eb) => eb.fn.max('sort').as('top'))
                .where('parent_id', '=', parentId)
                .where('is_deleted', '=', 0)
                .executeTakeFirst()
            )?.top ?? 0,
          ) + 1
        : node.sort;
      await trx
        .insertInto('blade_menu')
        .values({
          ...values,
          id,
          sort,
          remark: 'registered by the code generator',
          create_user: userId,
          create_dept: null,
          create_time: now,
          status: 1,
          is_deleted: 0,
        })
        .execute();
    }
    if (isScreen) screenId = id;
    ids.push(id);
  }
  const gone = previous.filter((p) => !ids.includes(p));
  if (gone.length)
    await trx
      .updateTable('blade_menu')
      .set({ is_deleted: 1, update_user: userId, update_time: now })
      .where('id', 'in', gone)
      .execute();
  return ids;
}

/**
 * Takes back registrations inside the transaction that removes code records: their menus go and
 * their declarations are cleared, so a restart does not serve them again.
 */
export async function unregister(trx: Kysely<GlobalDatabase>, ids: number[], userId: number): Promise<void> {
  const rows = await trx
    .selectFrom('blade_code')
    .select(['id', 'declaration'])
    .where('id', 'in', ids)
    .execute();
  const menuIds = rows.flatMap((r) => parseStored(r.declaration)?.menuIds ?? []);
  const now = utcNow();
  if (menuIds.length)
    await trx
      .updateTable('blade_menu')
      .set({ is_deleted: 1, update_user: userId, update_time: now })
      .where('id', 'in', menuIds)
      .execute();
  await trx
    .updateTable('blade_code')
    .set({ registered: 0, declaration: null, update_user: userId, update_time: now })
    .where('id', 'in', ids)
    .execute();
}
