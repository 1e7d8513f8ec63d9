import { SECRET_MASK } from '@blade/schema';
import { AppError } from '../../core/errors.js';
import type { HookContext, ResourceHooks } from '../../crud/hooks.js';
import type { DynamicRow } from '../../db/dynamic-db.js';
import { liveRowsAmong } from '../../db/live-row.js';
import type { Services } from '../../services.js';
import { sealColumn } from '../resource/resource-hooks.js';
import { driverClassOf } from '../saber/saber-datasources.js';
import { maskPassword, splitPassword } from './data-sources.js';

/** What the data source hooks use: the open connections, and the box passwords are sealed in. */
export type DatasourceServices = Pick<Services, 'dataSources' | 'secretBox'>;

/**
 * Moves a password written inside the URL to the password column, sealed like one typed in its
 * own field (which wins when both are given). The mask a detail shows in place of the password
 * of a URL saved that way before stands for the stored one: the form saves back unchanged.
 */
async function passwordOutOfUrl(ctx: HookContext<unknown>, values: DynamicRow, id?: number): Promise<void> {
  const { url, password } = splitPassword(String(values.url).trim());
  values.url = url;
  if (password === undefined || (typeof values.password === 'string' && values.password)) return;
  if (password !== SECRET_MASK) {
    values.password = password;
    return;
  }
  if (id === undefined) return;
  const stored = await ctx.db
    .selectFrom('blade_datasource')
    .select('url')
    .where('id', '=', id)
    .executeTakeFirst();
  const kept = stored && splitPassword(String(stored.url)).password;
  if (kept && kept !== SECRET_MASK) values.password = kept;
}

/**
 * Data source rows: the URL must name a kind we support (and, for SQLite, a file inside the data
 * directory, for PostgreSQL a host outside private networks), the password is sealed at rest (one
 * written inside the URL too), a changed row drops its open connection, and a data source a tenant
 * is bound to cannot be removed.
 */
export const datasourceHooks: ResourceHooks<DatasourceServices> = {
  async beforeWrite(ctx, values, mode, id) {
    if (typeof values.url === 'string') await passwordOutOfUrl(ctx, values, mode === 'edit' ? id : undefined);
    if (typeof values.kind === 'string' && typeof values.url === 'string') {
      const settings = { kind: values.kind, url: values.url };
      ctx.services.dataSources.resolve('new', String(values.name ?? ''), settings);
      await ctx.services.dataSources.checkHost(settings);
      values.url = values.url.trim();
    }
    sealColumn(ctx.services.secretBox, values, 'password');
  },
  // SpringBlade's clients (Saber) show and send back the JDBC driver class, and Saber's edit form
  // opens from the list row: a stored password reads as the mask there too, as in the detail.
  async decorate(ctx, rows) {
    const ids = rows.map((row) => Number(row.id)).filter((id) => id > 0);
    const withPassword = new Set(
      ids.length
        ? (
            await ctx.db
              .selectFrom('blade_datasource')
              .select('id')
              .where('id', 'in', ids)
              .where('password', 'is not', null)
              .where('password', '!=', '')
              .execute()
          ).map((r) => Number(r.id))
        : [],
    );
    for (const row of rows) {
      row.driverClass = driverClassOf(row.kind);
      if (typeof row.url === 'string') row.url = maskPassword(row.url);
      if (withPassword.has(Number(row.id))) row.password = SECRET_MASK;
    }
  },
  async afterCommit(ctx, id) {
    await ctx.services.dataSources.forget(id);
  },
  async beforeRemove(ctx, ids) {
    // Inside the removal's transaction (on SQLite the one connection is held by it).
    const bound = await liveRowsAmong(ctx.db, 'blade_tenant', 'datasource_id', ids);
    if (bound.length)
      throw new AppError(409, 'datasourceInUse', { tenants: bound.map((r) => r.tenant_id).join(', ') });
    await Promise.all(ids.map((id) => ctx.services.dataSources.forget(id)));
  },
};
