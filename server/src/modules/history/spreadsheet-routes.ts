import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { HISTORY_CODES, type RowProblem } from '@blade/schema';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { downloads, fileAnswer, XLSX } from '../../core/file-answers.js';
import type { Language } from '../../core/messages.js';
import { answer, answers, api, failures } from '../../core/route-schema.js';
import { idSchema } from '../../core/validate.js';
import { parseListQuery } from '../../crud/list-query.js';
import { resourceName, type Target } from './history-target.js';
import {
  dismissJob,
  findJob,
  importChecked,
  isLarge,
  type JobWork,
  jobProblems,
  latestJob,
  startJob,
  wireJob,
} from './import-job.js';
import {
  CellNames,
  cellOf,
  exportFields,
  headerOf,
  importSheet,
  neutralise,
  templateBook,
} from './spreadsheet.js';

const PAGE = 1000;
/** Most rows one export writes. */
const MAX_EXPORT = 100_000;
/** Largest spreadsheet an import takes. */
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

const rowProblem = z.object({ row: z.number().int(), message: z.string() });

/** A background import as the web polls it. */
const importJob = z.object({
  id: z.string(),
  resource: z.string(),
  mode: z.enum(['check', 'import']),
  status: z.enum(['running', 'done', 'failed']),
  total: z.number().int().nullable().describe('Null while the rows are being counted'),
  processed: z.number().int(),
  valid: z.number().int(),
  imported: z.number().int(),
  problemCount: z.number().int(),
  problems: z.array(rowProblem).describe('The first refused rows; all are in the report'),
  error: z.string().nullable(),
  canImport: z.boolean(),
  createTime: z.string(),
});

/** What an import found and, with mode=import, wrote. */
const importOutcome = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  imported: z.number().int(),
  problems: z.array(rowProblem),
});

const jobQuery = resourceName.extend({ id: idSchema });

function attachment(reply: FastifyReply, name: string): FastifyReply {
  return reply
    .header('content-type', XLSX)
    .header(
      'content-disposition',
      `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`,
    )
    .header('cache-control', 'no-store');
}

async function sendBook(reply: FastifyReply, book: ExcelJS.Workbook, name: string) {
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return attachment(reply, name).send(buffer);
}

/**
 * /api/blade-log/data: the current list of any resource as .xlsx (with its filters, labels and
 * dictionary names, formula text neutralised), its import template, and the import itself —
 * checked row by row by the form's rules; only `mode=import` writes, and only the valid rows.
 */
export function spreadsheetRoutes(app: FastifyInstance, target: Target): void {
  const routes = api(app);
  routes.get(
    '/data/export',
    {
      config: { access: { permission: HISTORY_CODES.export }, apiLog: true },
      schema: {
        summary: "A resource's list as .xlsx, with its filters",
        description:
          "Takes the resource's own list parameters besides `resource` (its search fields, `ascs`, `descs`, time ranges), as its list does. The header x-total-count says how many rows the file holds.",
        querystring: resourceName.loose(),
        response: downloads(XLSX, 'The rows as .xlsx, streamed'),
      },
    },
    async (request, reply) => {
      const { resource, service, ctx } = await target(request, request.query.resource, 'view');
      const list = parseListQuery(resource, request.query, app.services.config.timeZone);
      const fields = exportFields(resource);
      const names = await CellNames.of(ctx, fields);
      const total = Math.min((await service.page(ctx, { ...list, current: 1, size: 1 })).total, MAX_EXPORT);
      const stream = new PassThrough();
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream,
        useSharedStrings: false,
        useStyles: false,
      });
      const sheet = book.addWorksheet(resource.label[ctx.lang].slice(0, 31));
      sheet.columns = fields.map((f) => ({ header: headerOf(f, ctx.lang), key: f.name, width: 20 }));
      attachment(reply, resource.label[ctx.lang]).header('x-total-count', String(total));
      void (async () => {
        try {
          for (let page = 1; (page - 1) * PAGE < total; page++) {
            const rows = await service.page(ctx, { ...list, current: page, size: PAGE });
            await names.loadRefs(fields, rows.records);
            for (const row of rows.records)
              sheet
                .addRow(Object.fromEntries(fields.map((f) => [f.name, cellOf(f, row[f.name], names)])))
                .commit();
            // Each page waits for the client to take what is written (the file never piles up in
            // memory) and lets other requests through (an embedded database answers at once).
            if (stream.writableNeedDrain) await once(stream, 'drain');
            await new Promise((resolve) => setImmediate(resolve));
          }
          sheet.commit();
          await book.commit();
        } catch (error) {
          request.log.error({ err: error }, 'export failed');
          stream.destroy(error as Error);
        }
      })();
      return reply.send(stream);
    },
  );

  routes.get(
    '/data/template',
    {
      config: { access: { permission: HISTORY_CODES.import } },
      schema: {
        summary: "A resource's import template",
        querystring: resourceName,
        response: downloads(XLSX, 'An empty sheet with the columns an import reads'),
      },
    },
    async (request, reply) => {
      const { resource, ctx } = await target(request, request.query.resource, 'add');
      return sendBook(reply, templateBook(resource, ctx.lang), resource.label[ctx.lang]);
    },
  );

  /** The refused rows as a streamed .xlsx report. */
  const sendProblems = (reply: FastifyReply, problems: RowProblem[], lang: Language) => {
    const stream = new PassThrough();
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream,
      useSharedStrings: false,
      useStyles: false,
    });
    const sheet = book.addWorksheet(lang === 'en' ? 'Problems' : '错误');
    sheet.columns = [
      { header: lang === 'en' ? 'Row' : '行号', key: 'row', width: 8 },
      { header: lang === 'en' ? 'Problem' : '错误原因', key: 'message', width: 80 },
    ];
    for (const p of problems) sheet.addRow({ row: p.row, message: neutralise(p.message) }).commit();
    sheet.commit();
    void book.commit();
    return attachment(reply, lang === 'en' ? 'problems' : '导入错误').send(stream);
  };

  routes.post(
    '/data/import',
    {
      config: { access: { permission: HISTORY_CODES.import }, apiLog: true },
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        summary: 'Check or import a spreadsheet of rows by the form rules',
        description: `A multipart/form-data upload of one .xlsx file (at most ${IMPORT_MAX_BYTES} bytes). \`check\` only checks, \`import\` writes the valid rows, \`report\` answers the refused rows as .xlsx. A large file becomes a background job (\`job\`) to poll.`,
        consumes: ['multipart/form-data'],
        querystring: resourceName.extend({ mode: z.enum(['check', 'import', 'report']).default('check') }),
        response: {
          200: {
            description: 'What the import found (or its job); with mode=report, the refused rows as .xlsx',
            content: {
              'application/json': {
                schema: answer(z.union([importOutcome, z.object({ job: importJob })])),
              },
              ...fileAnswer(XLSX, '').content,
            },
          },
          ...failures(413),
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { service, ctx } = await target(request, query.resource, 'add');
      if (!request.isMultipart()) throw new AppError(400, 'fileMissing');
      const upload = await request.file();
      if (!upload) throw new AppError(400, 'fileMissing');
      const file = await upload.toBuffer();
      const work: JobWork = {
        write: (values) => service.insert(ctx, values).then(() => undefined),
        log: app.log,
        deps: app.services,
      };
      if (query.mode !== 'report' && (await isLarge(file))) {
        const id = await startJob(ctx, file, query.mode, work);
        return reply.ok({ job: wireJob(await findJob(ctx, id), app.services.config.timeZone, ctx.lang) });
      }
      const outcome = await importSheet(ctx, app.services, file, {
        write: query.mode === 'import' ? work.write : undefined,
      });
      if (query.mode === 'report') return sendProblems(reply, outcome.problems, ctx.lang);
      return reply.ok(outcome);
    },
  );

  /** Background imports: poll one, find the caller's latest again, import a checked file's valid rows. */
  routes.get(
    '/data/import/job',
    {
      config: { access: { permission: HISTORY_CODES.import } },
      schema: { summary: 'A background import', querystring: jobQuery, response: answers(importJob, 404) },
    },
    async (request, reply) => {
      const query = request.query;
      const { ctx } = await target(request, query.resource, 'add');
      return reply.ok(wireJob(await findJob(ctx, query.id), app.services.config.timeZone, ctx.lang));
    },
  );

  routes.get(
    '/data/import/latest',
    {
      config: { access: { permission: HISTORY_CODES.import } },
      schema: {
        summary: "The caller's latest import of a resource, if any",
        querystring: resourceName,
        response: answers(importJob.nullable()),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { ctx } = await target(request, query.resource, 'add');
      const job = await latestJob(ctx);
      return reply.ok(job ? wireJob(job, app.services.config.timeZone, ctx.lang) : null);
    },
  );

  routes.get(
    '/data/import/report',
    {
      config: { access: { permission: HISTORY_CODES.import } },
      schema: {
        summary: "A background import's refused rows",
        querystring: jobQuery,
        response: downloads(XLSX, 'The refused rows as .xlsx', 404),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { ctx } = await target(request, query.resource, 'add');
      return sendProblems(reply, await jobProblems(ctx, query.id), ctx.lang);
    },
  );

  routes.post(
    '/data/import/run',
    {
      config: { access: { permission: HISTORY_CODES.import }, apiLog: true },
      schema: {
        summary: "Import a checked file's valid rows",
        querystring: jobQuery,
        response: answers(importJob, 404, 409),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { service, ctx } = await target(request, query.resource, 'add');
      const id = await importChecked(ctx, query.id, {
        write: (values) => service.insert(ctx, values).then(() => undefined),
        log: app.log,
        deps: app.services,
      });
      return reply.ok(wireJob(await findJob(ctx, id), app.services.config.timeZone, ctx.lang));
    },
  );

  routes.post(
    '/data/import/dismiss',
    {
      config: { access: { permission: HISTORY_CODES.import } },
      schema: {
        summary: 'Forget a finished import (its file and report)',
        querystring: jobQuery,
        response: answers(z.null(), 404),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const { ctx } = await target(request, query.resource, 'add');
      await dismissJob(ctx, query.id);
      return reply.ok(null);
    },
  );
}
