import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { downloads, XLSX } from '../../core/file-answers.js';
import { caller } from '../../core/http.js';
import { api } from '../../core/route-schema.js';
import type { ResourceContext } from '../../crud/hooks.js';
import { parseListQuery } from '../../crud/list-query.js';
import type { ResourceService } from '../../crud/resource-service.js';
import { listQuery } from '../../crud/route-schemas.js';
import { dynamic } from '../../db/dynamic-db.js';

const PAGE = 1000;
const MAX_ROWS = 200_000;

/**
 * A spreadsheet program runs a cell that starts with = + - @ (or a tab/CR before them) as a
 * formula; such text is written with a leading apostrophe so it stays text.
 */
export const neutralise = (value: unknown): unknown =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/** GET /api/mall/links/export: the filtered links as .xlsx, streamed page by page. */
export function linksExportRoute(app: FastifyInstance, links: ResourceService): void {
  api(app).get(
    '/api/mall/links/export',
    {
      config: { access: { permission: 'links_export' }, apiLog: true },
      schema: {
        summary: 'The filtered links as .xlsx',
        description: `At most ${MAX_ROWS} rows; the header x-total-count says how many the file holds.`,
        querystring: listQuery(links.resource).loose(),
        response: downloads(XLSX, 'The links as .xlsx, streamed'),
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const ctx: ResourceContext = {
        resource: links.resource,
        auth,
        db: dynamic(await app.services.dataSources.businessDb(auth.tenantId, auth.remember)),
        lang: request.lang,
      };
      const list = parseListQuery(links.resource, request.query, app.services.config.timeZone);
      const types = new Map(
        (
          await ctx.db
            .selectFrom('mall_links_type')
            .select(['id', 'name'])
            .where('is_deleted', '=', 0)
            .execute()
        ).map((t) => [String(t.id), String(t.name)]),
      );
      const first = await links.page(ctx, { ...list, current: 1, size: 1 });
      const total = Math.min(first.total, MAX_ROWS);

      const stream = new PassThrough();
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream,
        useSharedStrings: false,
        useStyles: false,
      });
      const sheet = book.addWorksheet(request.lang === 'en' ? 'Links' : '链接');
      const en = request.lang === 'en';
      sheet.columns = [
        { header: en ? 'Name' : '链接名称', key: 'name', width: 30 },
        { header: en ? 'Address' : '链接地址', key: 'url', width: 50 },
        { header: en ? 'Type' : '链接类型', key: 'type', width: 20 },
        { header: en ? 'Open in' : '打开方式', key: 'target', width: 12 },
        { header: en ? 'Sort' : '排序', key: 'sort', width: 8 },
        { header: en ? 'Created' : '创建时间', key: 'createTime', width: 20 },
      ];
      reply
        .header('content-type', XLSX)
        .header(
          'content-disposition',
          `attachment; filename="links.xlsx"; filename*=UTF-8''${encodeURIComponent(en ? 'links.xlsx' : '链接.xlsx')}`,
        )
        .header('x-total-count', String(total))
        .header('cache-control', 'no-store');
      void (async () => {
        try {
          for (let page = 1; (page - 1) * PAGE < total; page++) {
            const rows = await links.page(ctx, { ...list, current: page, size: PAGE });
            for (const row of rows.records) {
              sheet
                .addRow({
                  name: neutralise(row.name),
                  url: neutralise(row.url),
                  type: neutralise(types.get(String(row.typeId)) ?? ''),
                  target: neutralise(row.target),
                  sort: row.sort,
                  createTime: row.createTime,
                })
                .commit();
            }
          }
          sheet.commit();
          await book.commit();
        } catch (error) {
          request.log.error({ err: error }, 'links export failed');
          stream.destroy(error as Error);
        }
      })();
      return reply.send(stream);
    },
  );
}
