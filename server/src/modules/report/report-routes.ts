import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { downloads, XLSX } from '../../core/file-answers.js';
import { type AuthContext, caller } from '../../core/http.js';
import { answers, api } from '../../core/route-schema.js';
import { idSchema } from '../../core/validate.js';
import { parseDesign, type ReportDesign } from './report-design.js';
import { writeWorkbook } from './report-export.js';
import { ReportRunner } from './report-runner.js';

const BASE = '/api/blade-report/report/rest';

const paramsSchema = z
  .record(z.string().max(64), z.unknown())
  .default({})
  .describe("The report's parameter values, by name");

/** The first rows of a run and whether the query had more. */
const reportRows = z.object({
  columns: z.array(z.object({ name: z.string(), label: z.string() })),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  truncated: z.boolean(),
});

/** GET passes the parameter values as one JSON object, `params={"minId":5}`. */
const paramsText = z
  .string()
  .max(20_000)
  .optional()
  .describe('The parameter values as one JSON object, e.g. {"minId":5}')
  .transform((text, ctx) => {
    if (!text) return {};
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
    return {};
  });

/** A stored report of the caller's tenant with its design. */
async function storedReport(auth: AuthContext, id: number): Promise<{ name: string; design: ReportDesign }> {
  const row = await auth.db
    .selectFrom('blade_report_file')
    .select(['name', 'content'])
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'rowNotFound');
  return { name: row.name, design: parseDesign(row.content ?? '') };
}

/**
 * Running, previewing and exporting reports; list, detail, submit and remove are the generic ones.
 * Raw SQL reads whatever the data source holds, every tenant's rows of a shared database included,
 * so reports are platform-owned: each route is the platform tenant's alone.
 */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const runner = new ReportRunner(app.services.dataSources, app.services.config);

  const routes = api(app);
  routes.post(
    `${BASE}/run`,
    {
      config: { access: { permission: 'reportlist_run', platform: true } },
      schema: {
        summary: 'Run a stored report: its first rows',
        body: z.object({ id: idSchema, params: paramsSchema }),
        response: answers(reportRows, 404),
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const body = request.body;
      const { design } = await storedReport(auth, body.id);
      return reply.ok(await runner.run(design, body.params));
    },
  );

  routes.post(
    `${BASE}/preview`,
    {
      config: { access: { permission: ['reportlist_add', 'reportlist_edit'], platform: true } },
      schema: {
        summary: 'Run a report design being edited: its first rows',
        body: z.object({
          design: z.unknown().describe('The design, as the form holds it'),
          params: paramsSchema,
        }),
        response: answers(reportRows),
      },
    },
    async (request, reply) => {
      caller(request);
      const body = request.body;
      return reply.ok(await runner.run(parseDesign(body.design), body.params));
    },
  );

  routes.get(
    `${BASE}/export`,
    {
      config: { access: { permission: 'reportlist_export', platform: true }, apiLog: true },
      schema: {
        summary: 'A stored report as .xlsx, every row',
        querystring: z.object({ id: idSchema, params: paramsText }),
        response: downloads(XLSX, 'The report as .xlsx', 404),
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const query = request.query;
      const { name, design } = await storedReport(auth, query.id);
      const report = await runner.open(design, query.params);
      let written: Awaited<ReturnType<typeof writeWorkbook>>;
      try {
        written = await writeWorkbook(name, report.columns, runner.batches(report));
      } finally {
        await report.close();
      }
      return reply
        .header('content-type', XLSX)
        .header(
          'content-disposition',
          `attachment; filename="report.xlsx"; filename*=UTF-8''${encodeURIComponent(`${name}.xlsx`)}`,
        )
        .header('content-length', String(written.size))
        .header('x-total-count', String(written.rows))
        .header('cache-control', 'no-store')
        .send(written.stream);
    },
  );
}
