import { permissionCode } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { enforceAccess } from '../../core/access.js';
import { AppError } from '../../core/errors.js';
import { downloads, XLSX } from '../../core/file-answers.js';
import { onlyWhen } from '../../core/http.js';
import { answers, api } from '../../core/route-schema.js';
import { builtInContext } from '../../crud/resource-routes.js';
import type { ResourceService } from '../../crud/resource-service.js';
import { templateBook } from '../history/sheet-columns.js';
import { importSheet } from '../history/sheet-import.js';

/**
 * SpringBlade's region spreadsheets under /api/blade-system/region: `import-region` (the
 * multipart `file`, `isCovered=1` to overwrite regions whose code exists) and `export-template`.
 * The sheet is the one of our generic import (columns named by the form's labels), checked row
 * by row by the region form's rules and written through the region service.
 */
export async function saberRegionRoutes(
  app: FastifyInstance,
  opts: { resources: Map<string, ResourceService> },
): Promise<void> {
  const regions = opts.resources.get('region');
  if (!regions) throw new Error('the region resource is not registered');
  const { resource } = regions;
  const add = permissionCode(resource, 'add');

  const routes = api(app);
  routes.get(
    '/export-template',
    // Saber opens downloads in a new window, so the token may come as ?blade-auth=.
    {
      config: { access: { permission: add }, tokenInQuery: true, generation: 'saber' },
      schema: {
        summary: 'The region import template (.xlsx)',
        querystring: z.object({
          'blade-auth': z
            .string()
            .max(4000)
            .optional()
            .describe('The token, for a download opened in a new window'),
        }),
        response: downloads(XLSX, 'The template'),
      },
    },
    async (request, reply) => {
      const buffer = Buffer.from(await templateBook(resource, request.lang).xlsx.writeBuffer());
      return reply
        .header('content-type', XLSX)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(resource.label[request.lang])}.xlsx`,
        )
        .send(buffer);
    },
  );

  routes.post(
    '/import-region',
    {
      config: { access: { permission: add }, apiLog: true, generation: 'saber' },
      bodyLimit: 20 * 1024 * 1024,
      schema: {
        summary:
          'Imports regions from a spreadsheet (multipart field `file`); isCovered=1 overwrites regions whose code exists',
        consumes: ['multipart/form-data'],
        querystring: z.object({ isCovered: z.enum(['0', '1']).default('0') }),
        response: answers(
          z.object({
            total: z.number().int(),
            imported: z.number().int(),
            problems: z.array(z.object({ row: z.number().int(), message: z.string() })),
          }),
          413,
          429,
        ),
      },
    },
    async (request, reply) => {
      const { isCovered } = request.query;
      const cover = isCovered === '1';
      if (cover)
        await enforceAccess(
          request,
          { permission: permissionCode(resource, 'edit') },
          '/api/blade-system/region/submit',
        );
      if (!request.isMultipart()) throw new AppError(400, 'fileMissing');
      const file = await request.file();
      if (!file) throw new AppError(400, 'fileMissing');
      const ctx = builtInContext(request, resource);
      const outcome = await importSheet(ctx, app.services, await file.toBuffer(), {
        write: async (values) => {
          const [existing] = cover
            ? await regions.all(ctx, {
                filters: [{ column: 'code', op: '=', value: String(values.code) }],
                order: [],
              })
            : [];
          if (existing) await regions.update(ctx, Number(existing.id), values);
          else await regions.insert(ctx, values);
        },
      });
      const { total, imported, problems } = outcome;
      return reply.ok({ total, imported, problems });
    },
  );
}

/** The root code provinces hang under, which Saber's region form puts before a province's code. */
const ROOT = '00';

/**
 * SpringBlade keys regions by code (it has no row id) and saves or updates by it; Saber's region
 * form sends no id (its detail answers none). A region submitted with SpringBlade's `level` and
 * no id therefore updates the region of its code when there is one.
 *
 * Saber's form, once a province is picked, shows its code as `00` + code and its 新增下级 takes
 * that as the new region's parent (a city of 33 arrives as parent 0033, code 003301): when no
 * region has such a code but the province without the `00` exists, the `00` is dropped from both.
 */
export function installSaberRegionSubmit(app: FastifyInstance): void {
  const liveRegion = (code: string) =>
    app.services.data.global
      .selectFrom('blade_region')
      .select('id')
      .where('code', '=', code)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
  app.addHook(
    'preValidation',
    onlyWhen(
      (request) => request.routeOptions.url === '/api/blade-system/region/submit',
      async (request) => {
        const body = request.body as Record<string, unknown> | null;
        if (!body || typeof body !== 'object' || body.id || body.level === undefined) return;
        if (typeof body.code !== 'string' || !/^\d{2,12}$/.test(body.code)) return;
        let code = body.code;
        const parent = body.parentCode;
        if (
          typeof parent === 'string' &&
          parent.length > ROOT.length &&
          parent.startsWith(ROOT) &&
          code.startsWith(parent) &&
          !(await liveRegion(parent)) &&
          (await liveRegion(parent.slice(ROOT.length)))
        ) {
          body.parentCode = parent.slice(ROOT.length);
          code = code.slice(ROOT.length);
          body.code = code;
        }
        const row = await liveRegion(code);
        if (row) body.id = String(row.id);
      },
    ),
  );
}
