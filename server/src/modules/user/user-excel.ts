import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { enforceAccess } from '../../core/access.js';
import { md5 } from '../../core/digest.js';
import { AppError } from '../../core/errors.js';
import { downloads, XLSX } from '../../core/file-answers.js';
import { caller } from '../../core/http.js';
import { answers, api } from '../../core/route-schema.js';
import { parse } from '../../core/validate.js';
import { parseListQuery } from '../../crud/list-query.js';
import { builtInContext } from '../../crud/resource-routes.js';
import type { ResourceService } from '../../crud/resource-service.js';
import { listQuery } from '../../crud/route-schemas.js';
import { bodySchema, missingRequired, toColumns } from '../../crud/validation.js';
import { dynamic } from '../../db/dynamic-db.js';
import { oneTimePassword } from '../auth/passwords.js';
import { cellText, sheetRows } from '../history/sheet-reader.js';
import { neutralise } from '../mall/links-export.js';

const MAX_ROWS = 10_000;
/** Largest spreadsheet an import takes. */
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** What an import did: accounts added (each with its one-time password) and overwritten. */
const importAnswer = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  passwords: z
    .array(z.object({ account: z.string(), password: z.string() }))
    .describe('Each new account with its one-time password, answered this once'),
});

/** The sheet's columns: the key of each cell in a row, its Chinese and English header. */
const COLUMNS = [
  { key: 'account', zh: '登录账号', en: 'Account', width: 20 },
  { key: 'name', zh: '用户昵称', en: 'Nickname', width: 16 },
  { key: 'realName', zh: '用户姓名', en: 'Real name', width: 16 },
  { key: 'email', zh: '电子邮箱', en: 'Email', width: 26 },
  { key: 'phone', zh: '手机号码', en: 'Phone', width: 16 },
  { key: 'roleName', zh: '所属角色', en: 'Roles', width: 24 },
  { key: 'deptName', zh: '所属部门', en: 'Department', width: 24 },
] as const;
type Key = (typeof COLUMNS)[number]['key'];

async function sendBook(
  reply: FastifyReply,
  request: FastifyRequest,
  file: string,
  rows: Array<Partial<Record<Key, unknown>>>,
) {
  const en = request.lang === 'en';
  const stream = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: false });
  const sheet = book.addWorksheet(en ? 'Users' : '用户');
  sheet.columns = COLUMNS.map((c) => ({ header: en ? c.en : c.zh, key: c.key, width: c.width }));
  const written = (async () => {
    for (const row of rows)
      sheet.addRow(Object.fromEntries(COLUMNS.map((c) => [c.key, neutralise(row[c.key] ?? '')]))).commit();
    sheet.commit();
    await book.commit();
  })();
  written.catch((error: Error) => stream.destroy(error));
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file)}.xlsx`)
    .send(stream);
}

/** Names → ids of a comma-joined list of role or department names ('' when none match). */
function idsByName(names: Map<string, string>, value: unknown): string {
  return String(value ?? '')
    .split(/[,，]/)
    .map((n) => names.get(n.trim()))
    .filter((id): id is string => id !== undefined)
    .join(',');
}

/**
 * Users as spreadsheets: the import template, an export of the filtered list, and an import that
 * adds accounts through the same validation and hooks as the user form (each new account gets a
 * one-time password, answered once, to change at first sign-in).
 */
export function userExcelRoutes(app: FastifyInstance, users: ResourceService): void {
  const tz = app.services.config.timeZone;
  // Saber opens the downloads in a new window, so these take the token as ?blade-auth= too.
  const download = { tokenInQuery: true, apiLog: true } as const;
  const routes = api(app);

  routes.get(
    '/export-template',
    {
      config: { access: { permission: 'user' }, ...download },
      schema: {
        summary: 'The user import template (the token may come as ?blade-auth=)',
        response: downloads(XLSX, 'An empty sheet with the columns an import reads'),
      },
    },
    async (request, reply) =>
      sendBook(reply, request, request.lang === 'en' ? 'user-template' : '用户导入模板', []),
  );

  routes.get(
    '/export-user',
    {
      config: { access: { permission: 'user' }, ...download },
      schema: {
        summary: 'The filtered users as .xlsx (the token may come as ?blade-auth=)',
        description: `At most ${MAX_ROWS} rows, filtered as the user list is.`,
        querystring: listQuery(users.resource).loose(),
        response: downloads(XLSX, 'The users as .xlsx'),
      },
    },
    async (request, reply) => {
      const ctx = builtInContext(request, users.resource);
      const list = parseListQuery(users.resource, request.query, tz);
      const rows = await users.all(ctx, list, MAX_ROWS);
      return sendBook(reply, request, request.lang === 'en' ? 'users' : '用户数据', rows);
    },
  );

  routes.post(
    '/import-user',
    {
      config: { access: { permission: 'user_add' }, apiLog: true },
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        summary: 'Add (and with isCovered=1 overwrite) accounts from a sheet',
        description: `A multipart/form-data upload of one .xlsx file (at most ${IMPORT_MAX_BYTES} bytes, ${MAX_ROWS} rows) in the template's columns. Nothing is written unless every row passes the user form's rules; overwriting takes the edit button too.`,
        consumes: ['multipart/form-data'],
        querystring: z.object({
          isCovered: z.enum(['0', '1']).default('0').describe('1: overwrite accounts that exist'),
        }),
        response: answers(importAnswer, 409, 413),
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const { isCovered } = request.query;
      // Overwriting existing accounts is editing them: it takes the edit button as well.
      if (isCovered === '1')
        await enforceAccess(request, { permission: 'user_edit' }, '/api/blade-user/submit');
      if (!request.isMultipart()) throw new AppError(400, 'fileMissing');
      const file = await request.file();
      if (!file) throw new AppError(400, 'fileMissing');
      // The whole sheet is read (within its limits) before anything is written: a file refused
      // for its size or for a row's missing field leaves every account as it was.
      const rows: Array<{ number: number; row: Record<Key, string> }> = [];
      let isHeader = true;
      for await (const { number, cells } of sheetRows(await file.toBuffer(), { maxDataRows: MAX_ROWS })) {
        // The first row holds the column names.
        if (isHeader) {
          isHeader = false;
          continue;
        }
        const row = Object.fromEntries(COLUMNS.map((c, i) => [c.key, cellText(cells[i + 1]).trim()]));
        if (row.account) rows.push({ number, row: row as Record<Key, string> });
      }

      const ctx = builtInContext(request, users.resource);
      const byName = async (table: 'blade_role' | 'blade_dept', column: 'role_name' | 'dept_name') =>
        new Map(
          (
            await dynamic(auth.db)
              .selectFrom(table)
              .select(['id', `${column} as name`])
              .where('is_deleted', '=', 0)
              .execute()
          ).map((r) => [String(r.name), String(r.id)]),
        );
      const roles = await byName('blade_role', 'role_name');
      const depts = await byName('blade_dept', 'dept_name');

      const seen = new Set<string>();
      for (const { number, row } of rows) {
        if (seen.has(row.account))
          throw new AppError(400, 'importAccountTwice', { row: number, account: row.account });
        seen.add(row.account);
      }
      const existing = new Map(
        rows.length === 0
          ? []
          : (
              await auth.db
                .selectFrom('blade_user')
                .select(['id', 'account'])
                .where('is_deleted', '=', 0)
                .where('account', 'in', [...seen])
                .execute()
            ).map((u) => [u.account, u.id]),
      );
      const planned: Array<{ account: string; id: number | undefined; values: Record<string, unknown> }> = [];
      for (const { number: n, row } of rows) {
        const id = existing.get(row.account);
        if (id !== undefined && isCovered !== '1') continue;
        const mode = id !== undefined ? 'edit' : 'add';
        const body: Record<string, unknown> = {
          account: row.account,
          name: row.name,
          realName: row.realName,
          email: row.email,
          phone: row.phone,
          roleId: idsByName(roles, row.roleName),
          deptId: idsByName(depts, row.deptName),
          // Replaced by a one-time password of its own when the account is written.
          ...(mode === 'add' ? { password: md5(oneTimePassword()) } : {}),
        };
        const missing = missingRequired(users.resource, mode, body);
        if (missing?.required)
          throw new AppError(400, 'declared', { text: `#${n} ${missing.required[request.lang]}` });
        const values = parse(bodySchema(users.resource, mode, request.lang, tz), body) as Record<
          string,
          unknown
        >;
        planned.push({ account: row.account, id, values });
      }

      const issued: Array<{ account: string; password: string }> = [];
      let updated = 0;
      for (const { account, id: existingId, values } of planned) {
        const columns = toColumns(values);
        if (existingId !== undefined) {
          await users.submit(ctx, columns, existingId);
          updated++;
          continue;
        }
        const password = oneTimePassword();
        columns.password = md5(password);
        const id = await users.submit(ctx, columns, undefined);
        await auth.db.updateTable('blade_user').set({ password_change: 1 }).where('id', '=', id).execute();
        issued.push({ account, password });
      }
      app.services.usualLog.record(request, 'user-import', { added: issued.length, updated });
      return reply.ok({ added: issued.length, updated, passwords: issued });
    },
  );
}
