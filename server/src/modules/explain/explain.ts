import { type ResourceDef, resources } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import { accessRefusal, scopePaths } from '../../core/access.js';
import { AppError } from '../../core/errors.js';
import { type ApiRoute, type AuthContext, isSuperAdmin } from '../../core/http.js';
import { type Language, type MessageKey, type MessageParams, translate } from '../../core/messages.js';
import type { BoundHooks } from '../../crud/hooks.js';
import { contextOf } from '../../crud/resource-routes.js';
import type { ResourceService } from '../../crud/resource-service.js';
import { hooksByResource } from '../hooks.js';
import { dataScopeRules } from '../system/data-scope.js';
import { TenantStatus, tenantExpired } from '../system/tenant-state.js';
import { AccountStatus } from '../user/account-status.js';
import { grantOf, menuNamed, routeGrant } from './explain-grants.js';
import {
  CHANGED_IN,
  type ExplainLink,
  type ExplainStep,
  type ExplainTarget,
  type Explanation,
  type LinkOf,
  STEP_TITLES,
  type Tr,
} from './explain-types.js';
import { columnsOf, expressionOf, fieldLabel, scopeInWords } from './scope-words.js';

// The routes and tests find them here.
export type { ExplainTarget, Explanation } from './explain-types.js';

/** The user being explained, as it would be signed in (`AuthContext` of a sign-in without switch mode). */
interface Subject {
  auth: AuthContext;
  realName: string;
  active: boolean;
  roleNames: string[];
}

const ids = (csv: string | null | undefined): number[] =>
  (csv ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);

/** A route path with its parameters filled in, to tell which route a written path reached. */
const filled = (url: string, params: Record<string, string | undefined>): string =>
  url.replace(/:(\w+)|\*$/g, (whole, name: string | undefined) => params[name ?? '*'] ?? whole);

/**
 * Explains a user's access step by step with the functions that enforce it: the tenant and account
 * checks of a session, `accessRefusal` for a route, the menu grants of `MenuService`, API scopes of
 * `AuthorityService`, and a resource's read scope (its `readScope` hook, `ResourceService.inScope`).
 */
export class Explainer {
  /** Each resource's hooks as its service runs them: the read scope shown is the one every read gets. */
  private readonly hooksOf: (r: ResourceDef) => BoundHooks;

  constructor(
    private readonly app: FastifyInstance,
    private readonly services: Map<string, ResourceService>,
  ) {
    this.hooksOf = hooksByResource(app.services);
  }

  async explain(
    caller: AuthContext,
    userId: number,
    target: ExplainTarget,
    lang: Language,
  ): Promise<Explanation> {
    const tr = (key: MessageKey, params?: MessageParams) => translate(key, lang, params);
    const subject = await this.subject(caller, userId);
    const { auth } = subject;
    const change = await this.changeScreens(caller, lang);
    const link = (step: ExplainStep, ok: boolean, reason: string, more: Partial<ExplainLink> = {}) => ({
      step,
      ok,
      title: tr(STEP_TITLES[step]),
      reason,
      ...(change.get(step) ? { change: change.get(step) } : {}),
      ...more,
    });

    const links: ExplainLink[] = [await this.tenantLink(auth, tr, link)];
    links.push(
      link(
        'account',
        subject.active && !auth.passwordChange,
        tr(
          !subject.active
            ? 'explainAccountInactive'
            : auth.passwordChange
              ? 'explainPasswordChange'
              : 'explainAccountActive',
          { account: auth.account },
        ),
      ),
    );
    links.push(
      link(
        'roles',
        true,
        isSuperAdmin(auth)
          ? tr('explainSuperAdmin')
          : subject.roleNames.length
            ? tr('explainRolesHeld', { names: subject.roleNames.join('、') })
            : tr('explainRolesNone'),
      ),
    );

    let what: string;
    if (target.kind === 'menu') {
      const menu = await menuNamed(caller, target.code, lang);
      what = tr('explainUseMenu', { menu: menu.label });
      links.push(link('grant', ...(await grantOf(this.app.services.menus, auth, [target.code], tr, lang))));
      const resource = Object.values(resources).find((r) => r.permission === target.code);
      if (resource) links.push(await this.dataLink(auth, resource, undefined, tr, lang, link));
    } else if (target.kind === 'path') {
      const route = this.routeOf(target.method, target.path);
      what = tr('explainCallPath', { method: route.method, path: target.path });
      links.push(...(await this.routeLinks(auth, route, target.path, tr, lang, link)));
      const resource = route.resource ? resources[route.resource] : undefined;
      if (resource) links.push(await this.dataLink(auth, resource, undefined, tr, lang, link));
    } else {
      const resource = resources[target.resource];
      if (!resource || !this.services.has(resource.name))
        throw new AppError(404, 'explainResourceUnknown', { resource: target.resource });
      const label = resource.label[lang];
      what =
        target.id === undefined
          ? tr('explainReadList', { resource: label })
          : tr('explainReadRecord', { resource: label, id: target.id });
      const endpoint = target.id === undefined ? ['page', 'list'] : ['detail'];
      const route = this.app.apiRoutes.find(
        (r) => r.method === 'GET' && endpoint.some((e) => r.url === `/api${resource.path}/${e}`),
      );
      if (route) links.push(...(await this.routeLinks(auth, route, route.url, tr, lang, link)));
      links.push(await this.dataLink(auth, resource, target.id, tr, lang, link));
    }

    const refused = links.find((l) => !l.ok);
    return {
      user: { id: String(auth.userId), account: auth.account, realName: subject.realName },
      allowed: !refused,
      verdict: refused
        ? tr('explainRefused', { user: subject.realName, target: what, reason: refused.reason })
        : tr('explainAllowed', { user: subject.realName, target: what }),
      links,
    };
  }

  /** The user as a sign-in without switch mode would have it: its first department and its live roles. */
  private async subject(caller: AuthContext, userId: number): Promise<Subject> {
    const row = await caller.db
      .selectFrom('blade_user')
      .select(['id', 'account', 'real_name', 'dept_id', 'role_id', 'status', 'password_change'])
      .where('id', '=', userId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw new AppError(404, 'rowNotFound');
    const assigned = ids(row.role_id);
    const roles = assigned.length
      ? await caller.db
          .selectFrom('blade_role')
          .select(['id', 'role_alias', 'role_name'])
          .where('id', 'in', assigned)
          .where('is_deleted', '=', 0)
          .execute()
      : [];
    return {
      auth: {
        userId: row.id,
        tenantId: caller.tenantId,
        sessionId: 0,
        clientId: '',
        account: row.account,
        deptId: ids(row.dept_id)[0] ?? null,
        roleIds: roles.map((r) => r.id),
        roleAliases: roles.map((r) => r.role_alias),
        ...(row.password_change === 1 ? { passwordChange: true } : {}),
        db: caller.db,
      },
      realName: row.real_name ?? row.account,
      active: row.status === AccountStatus.active,
      roleNames: roles.map((r) => r.role_name),
    };
  }

  /** The tenant's state as every request checks it (sessions end when it is disabled or expires). */
  private async tenantLink(auth: AuthContext, tr: Tr, link: LinkOf): Promise<ExplainLink> {
    const tenant = await this.app.services.data.global
      .selectFrom('blade_tenant as t')
      .leftJoin('blade_tenant_package as p', (j) =>
        j.onRef('p.id', '=', 't.package_id').on('p.is_deleted', '=', 0),
      )
      .select(['t.tenant_name', 't.status', 't.expire_time', 'p.package_name'])
      .where('t.tenant_id', '=', auth.tenantId)
      .where('t.is_deleted', '=', 0)
      .executeTakeFirstOrThrow();
    const name = tenant.tenant_name;
    if (tenantExpired(auth.tenantId, tenant.expire_time))
      return link('tenant', false, tr('explainTenantExpired', { name, time: String(tenant.expire_time) }));
    if (tenant.status !== TenantStatus.active)
      return link('tenant', false, tr('explainTenantDisabled', { name }));
    return link(
      'tenant',
      true,
      tr('explainTenantActive', { name, package: tenant.package_name ?? tr('explainNoPackage') }),
    );
  }

  /** The API route a written path reaches (as the router finds it), or 404. */
  private routeOf(method: string, written: string): ApiRoute {
    const path = written.split(/[?#]/)[0]!;
    const verb = method.toUpperCase();
    const found = /^(GET|POST|PUT|DELETE|PATCH)$/.test(verb)
      ? this.app.findRoute({ method: verb as 'GET', url: path })
      : null;
    const params = (found?.params ?? {}) as Record<string, string | undefined>;
    const route = found
      ? this.app.apiRoutes.find((r) => r.method === verb && filled(r.url, params) === path)
      : undefined;
    if (!route) throw new AppError(404, 'explainRouteUnknown', { method: verb, path });
    return route;
  }

  /** A route's API scope and grant links, with the route's verdict from `accessRefusal`. */
  private async routeLinks(
    auth: AuthContext,
    route: ApiRoute,
    written: string,
    tr: Tr,
    lang: Language,
    link: LinkOf,
  ): Promise<ExplainLink[]> {
    const { access } = route;
    if (access === 'public') return [link('grant', true, tr('explainPublicRoute'))];
    const authority = this.app.services.authority;
    const refusal = await accessRefusal(auth, {
      access,
      paths: () => scopePaths(this.app, route.url, written),
      beforePasswordChange: route.beforePasswordChange === true,
      scopeRefusal: (path) => authority.apiScopeRefusal(auth, path),
      granted: () => this.app.services.menus.permissionCodes(auth),
    });
    const scope = refusal?.reason === 'apiScope' ? refusal : undefined;
    const links = [
      link(
        'apiScope',
        !scope,
        scope
          ? tr('explainApiScopeRefuses', {
              name: scope.scope.name,
              scope: scope.scope.path,
              path: scope.path,
            })
          : tr('explainApiScopeAllows', { path: written }),
      ),
    ];
    links.push(
      link('grant', ...(await routeGrant(this.app.services.menus, auth, access, refusal, tr, lang))),
    );
    return links;
  }

  /**
   * The resource's read scope for the user (the conditions every read of it gets), in words and
   * over columns; with a record, whether that record is within it.
   */
  private async dataLink(
    auth: AuthContext,
    resource: ResourceDef,
    id: number | undefined,
    tr: Tr,
    lang: Language,
    link: LinkOf,
  ): Promise<ExplainLink> {
    const service = this.services.get(resource.name)!;
    const ctx = await contextOf(this.app.services, resource)(auth, lang);
    const conditions = (await this.hooksOf(resource).readScope?.(ctx)) ?? [];
    const label = resource.label[lang];
    const words = await scopeInWords(ctx.auth, resource, conditions, tr, lang);
    const expression = conditions.map(expressionOf).join(' and ');
    let scopeLink: ExplainLink;
    if (!resource.dataScope)
      scopeLink = link('dataScope', true, tr('explainDataUnscoped', { resource: label }));
    else if (conditions.length === 0)
      scopeLink = link(
        'dataScope',
        true,
        isSuperAdmin(auth) ? tr('explainSuperAdmin') : tr('explainDataAll', { resource: label }),
      );
    else {
      const names = (await dataScopeRules(ctx, resource)).map((r) => r.scope_name).join('、');
      scopeLink = link('dataScope', true, tr('explainDataRules', { names, words }), {
        filter: { words, expression, conditions },
      });
    }
    if (id === undefined) return scopeLink;

    const row = await ctx.db
      .selectFrom(resource.table)
      .selectAll()
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    const params = { resource: label, id };
    const recordLink = (ok: boolean, reason: string) =>
      link('record', ok, reason, { ...(scopeLink.filter ? { filter: scopeLink.filter } : {}) });
    if (!row) return recordLink(false, tr('explainRecordMissing', params));
    if (await service.inScope(ctx, id)) return recordLink(true, tr('explainRecordVisible', params));
    const columns = [...new Set(conditions.flatMap(columnsOf))];
    const values = columns
      .map((c) => `${fieldLabel(resource, c, lang)} = ${String(row[c] ?? '')}`)
      .join(lang === 'zh' ? '，' : ', ');
    return recordLink(false, tr('explainRecordOutside', { ...params, values, words }));
  }

  /** The screens where each step is changed, named in the caller's language. */
  private async changeScreens(
    auth: AuthContext,
    lang: Language,
  ): Promise<Map<ExplainStep, { label: string; path: string }>> {
    const codes = [...new Set(Object.values(CHANGED_IN).filter((c): c is string => !!c))];
    const menus = await auth.db
      .selectFrom('blade_menu')
      .select(['code', 'name', 'alias', 'path'])
      .where('code', 'in', codes)
      .where('is_deleted', '=', 0)
      .execute();
    const out = new Map<ExplainStep, { label: string; path: string }>();
    for (const [step, code] of Object.entries(CHANGED_IN) as [ExplainStep, string | undefined][]) {
      const menu = menus.find((m) => m.code === code);
      if (menu)
        out.set(step, { label: lang === 'en' && menu.alias ? menu.alias : menu.name, path: menu.path ?? '' });
    }
    return out;
  }
}
