import { AppError } from '../../core/errors.js';
import type { HooksByResource, ResourceHooks } from '../../crud/hooks.js';
import type { Services } from '../../services.js';
import { parseDesign } from './report-design.js';
import { parameterNames, readStatement } from './report-sql.js';

/** What the report hooks use: the data source a design names, for its SQL dialect. */
type ReportServices = Pick<Services, 'dataSources'>;

/**
 * Saving a report (generic submit, the platform tenant's alone as reports are platform-owned): the
 * design must hold up — valid JSON of the right shape, a data source that exists, a single
 * SELECT/WITH statement and only declared :parameters. It is stored normalised.
 */
export const reportHooks: ResourceHooks<ReportServices> = {
  async beforeWrite(ctx, values) {
    if (values.content === undefined || values.content === null) return;
    const design = parseDesign(values.content);
    const { dialect } = await ctx.services.dataSources.target(design.datasourceId);
    readStatement(design.sql, dialect);
    for (const name of parameterNames(design.sql, dialect))
      if (!design.params.some((p) => p.name === name))
        throw new AppError(400, 'reportUnknownParam', { name });
    values.content = JSON.stringify(design);
  },
};

/** The hooks the report module attaches to its resources (collected in modules/hooks.ts). */
export const reportModuleHooks: HooksByResource<ReportServices> = { report: reportHooks };
