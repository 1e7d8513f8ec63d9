import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { downloads } from '../../core/file-answers.js';
import { caller } from '../../core/http.js';
import { parseId } from '../../core/ids.js';
import { answers, api, queryOrBody } from '../../core/route-schema.js';
import { utcNow } from '../../core/time.js';
import { contentTypeOf, extensionOf, showsInline } from './file-check.js';
import { safeJson } from './sms/aliyun.js';
import { LEGACY_FILES_PREFIX, LOCAL_FILES_PREFIX } from './storage/local-driver.js';

const idOnly = z.object({ id: z.union([z.string(), z.number()]) });

/** A stored upload: its link (and the storage's domain), its stored and original names, its record. */
const storedFile = z.object({
  link: z.string(),
  domain: z.string(),
  name: z.string(),
  originalName: z.string(),
  attachId: z.string(),
});

const smsInput = z.object({
  code: z.string().max(32).optional().describe("The configuration's code (else the enabled one)"),
  phones: z.string().max(4000).default('').describe('Phone numbers separated by commas'),
  params: z
    .union([z.string().max(4000), z.record(z.string(), z.union([z.string(), z.number()]))])
    .optional()
    .describe("The template's values: an object, or one as JSON text"),
});

/** Stored files run nothing and load nothing, whatever they are. */
const FILE_POLICY = "default-src 'none'; sandbox";

/**
 * /api/blade-resource: uploads, enabling storage and SMS configurations. /api/files/* (and
 * /files/* of links stored before): local objects.
 */
export async function resourceRoutes(app: FastifyInstance): Promise<void> {
  const { storage, config } = app.services;
  const routes = api(app);

  routes.post(
    '/api/blade-resource/oss/endpoint/put-file',
    {
      config: { access: 'user' },
      bodyLimit: config.uploadMaxBytes + 64 * 1024,
      schema: {
        summary: 'Upload a file to the enabled storage',
        description: `A multipart/form-data upload of one file (at most ${config.uploadMaxBytes} bytes); \`image\` and \`avatar\` take images only.`,
        consumes: ['multipart/form-data'],
        querystring: z.object({ purpose: z.enum(['file', 'image', 'avatar']).default('file') }),
        response: answers(storedFile, 413),
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      if (!request.isMultipart()) throw new AppError(400, 'fileMissing');
      const file = await request.file();
      if (!file) throw new AppError(400, 'fileMissing');
      const body = await file.toBuffer();
      const { purpose } = request.query;
      return reply.ok(await storage.put(auth, { originalName: file.filename, body }, purpose));
    },
  );

  // Exactly one configuration per tenant is enabled; switching happens in one transaction.
  for (const [table, code] of [
    ['blade_oss', 'oss_enable'],
    ['blade_sms', 'sms_enable'],
  ] as const) {
    const path = table === 'blade_oss' ? '/api/blade-resource/oss/enable' : '/api/blade-resource/sms/enable';
    routes.post(
      path,
      {
        config: { access: { permission: code } },
        schema: {
          summary: `Enable one ${table === 'blade_oss' ? 'storage' : 'SMS'} configuration (the others are disabled)`,
          ...queryOrBody(idOnly),
          response: answers(z.null(), 404),
        },
      },
      async (request, reply) => {
        const auth = caller(request);
        const id = parseId(request.body.id);
        if (!id) throw new AppError(400, 'invalidField', { field: 'id', reason: 'must be an id' });
        await auth.db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom(table)
            .select('id')
            .where('id', '=', id)
            .where('is_deleted', '=', 0)
            .executeTakeFirst();
          if (!row) throw new AppError(404, 'rowNotFound');
          const stamp = { update_user: auth.userId, update_time: utcNow() };
          await trx
            .updateTable(table)
            .set({ enabled: 0, ...stamp })
            .where('enabled', '=', 1)
            .where('id', '!=', id)
            .execute();
          await trx
            .updateTable(table)
            .set({ enabled: 1, ...stamp })
            .where('id', '=', id)
            .execute();
        });
        app.services.usualLog.record(request, `${table.replace('blade_', '')}-enable`, { id });
        return reply.ok(null);
      },
    );
  }

  routes.post(
    '/api/blade-resource/sms/endpoint/send-message',
    {
      config: { access: { permission: 'sms_send' } },
      schema: {
        summary: 'Send a text message by a configuration',
        description: 'A refusal of the SMS provider answers 502 with its reason.',
        ...queryOrBody(smsInput),
        response: answers(z.object({ message: z.string() }), 404, 429),
      },
    },
    async (request, reply) => {
      const input = request.body;
      let params: Record<string, string> = {};
      if (input.params) {
        const raw = typeof input.params === 'string' ? safeJson(input.params) : input.params;
        if (!raw)
          throw new AppError(400, 'invalidField', { field: 'params', reason: 'must be a JSON object' });
        params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String(v)]));
      }
      const outcome = await app.services.sms.send(caller(request), {
        code: input.code || undefined,
        phones: input.phones,
        params,
      });
      if (!outcome.success) throw new AppError(502, 'smsFailed', { reason: outcome.message });
      return reply.ok({ message: outcome.message }, 'smsSent');
    },
  );

  // Local objects: content type from the stored extension, long caching (names are random and
  // never reused), never sniffed. Only images, audio, video and plain text show in the browser;
  // anything else (PDF, office files, archives) is a download, and a sandbox policy keeps even
  // a file opened directly from running anything.
  const serveLocalFile = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = (request.params as { '*': string })['*'];
    const path = storage.local.pathOf(key);
    const info = path ? await stat(path).catch(() => undefined) : undefined;
    if (!path || !info?.isFile()) throw new AppError(404, 'notFound');
    const extension = extensionOf(key);
    reply
      .header('content-type', contentTypeOf(extension))
      .header('content-length', info.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', FILE_POLICY);
    if (!showsInline(extension)) reply.header('content-disposition', 'attachment');
    return reply.send(createReadStream(path));
  };
  routes.get(
    `${LOCAL_FILES_PREFIX}*`,
    {
      config: { access: 'public' },
      schema: {
        summary: 'A stored file of the local storage',
        description:
          'Images, audio, video and plain text show in the browser; anything else is a download. Names are random and never reused, so the answer is cached for a year.',
        params: z.object({ '*': z.string().describe("The file's key") }),
        response: downloads('application/octet-stream', 'The file, of its own media type', 404),
      },
    },
    serveLocalFile,
  );
  app.get(`${LEGACY_FILES_PREFIX}*`, serveLocalFile);
}
