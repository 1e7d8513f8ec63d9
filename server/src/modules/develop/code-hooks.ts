import { AppError } from '../../core/errors.js';
import type { ResourceHooks } from '../../crud/hooks.js';
import { asGlobal } from '../../db/dynamic-db.js';
import type { Services } from '../../services.js';
import { serviceNameOf } from '../saber/saber-codes.js';
import { unregister } from './generated-resources.js';
import { introspectTable } from './introspect.js';

/** What the code entries' hooks use: the data sources a named table is looked up in. */
export type CodeServices = Pick<Services, 'dataSources'>;

/**
 * Code generator entries: an entry names a table its data source has (refused otherwise, when it
 * is written rather than when code is generated from it); removing one takes back its registration
 * (menus, stored declaration) in the same transaction, so no half-registered resource is left behind.
 */
export const codeHooks: ResourceHooks<CodeServices> = {
  async validate(ctx, values, _mode, id) {
    if (values.table_name === undefined && values.datasource_id === undefined) return;
    const stored = await ctx.db
      .selectFrom('blade_code')
      .select(['table_name', 'datasource_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    const table = String(values.table_name ?? stored?.table_name ?? '');
    const source = await ctx.services.dataSources.open(
      String(values.datasource_id ?? stored?.datasource_id ?? ''),
    );
    await introspectTable(source, table).catch((error: unknown) => {
      // Named in a form, a missing table is a bad value (400), not a missing page.
      if (error instanceof AppError && error.key === 'codeTableMissing')
        throw new AppError(400, 'codeTableMissing', error.params, { field: 'tableName' });
      throw error;
    });
  },
  async beforeRemove(ctx, ids) {
    await unregister(asGlobal(ctx.db), ids, ctx.auth.userId);
  },
  // SpringBlade's clients (Saber) show and send back the service the API path is under.
  decorate(_ctx, rows) {
    for (const row of rows) row.serviceName = serviceNameOf(row.api_path);
  },
};
