import { resources } from '@blade/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { sql } from 'kysely';
import { z } from 'zod';
import { enforceAccess } from '../../core/access.js';
import { AppError } from '../../core/errors.js';
import { fileAnswer } from '../../core/file-answers.js';
import { caller } from '../../core/http.js';
import { nextId } from '../../core/ids.js';
import { answer, answers, api, failures, queryOrBody, validateParts } from '../../core/route-schema.js';
import { utcNow } from '../../core/time.js';
import { idList } from '../../core/validate.js';
import { toWire } from '../../core/wire.js';
import { type EndpointHandler, endpointAccess } from '../../crud/resource-routes.js';
import { rowOf } from '../../crud/route-schemas.js';
import { created } from '../../db/audit.js';
import { generateFiles } from './code-generator.js';
import { GeneratedResources, liveCodeRecord, planOf, recordOf } from './generated-resources.js';

const BASE = '/api/blade-develop/code';

const idInput = z.object({ id: z.union([z.string().regex(/^[1-9]\d{0,15}$/), z.number().int().positive()]) });
/** Tables per generation: each is introspected, rendered and zipped within the one request. */
const MAX_TABLES = 20;
const genInput = z.object({
  ids: idList.refine((ids) => ids.length <= MAX_TABLES, `at most ${MAX_TABLES} tables at a time`),
  /** Set: register in the running server instead of downloading. */
  system: z.union([z.string(), z.number(), z.boolean()]).optional(),
});

const ZIP = 'application/zip';
const zipAnswer = fileAnswer(ZIP, 'The generated files, one folder per entry, as a .zip');

/** A generated file: where it goes in the source tree and what it holds. */
const generatedFile = z.object({
  path: z.string(),
  content: z.string(),
  language: z.enum(['typescript', 'markdown']),
});

const isSet = (value: unknown) =>
  value === true || value === 1 || /^(1|true|yes)$/i.test(String(value ?? ''));

/**
 * The code generator (`/blade-develop/code` beside its generic list, detail, submit and remove):
 * preview, copy, gen-code (a .zip, or registration with `system`), the registered declarations
 * for the web, and the one dispatcher route that serves registered resources.
 */
export async function codeGeneratorRoutes(app: FastifyInstance): Promise<void> {
  const generated = new GeneratedResources(app);
  const data = app.services.data;

  const live = (id: number) => liveCodeRecord(data.global, id);

  /** The number after the last migration the built-in database has run. */
  const nextMigration = async (): Promise<number> => {
    const rows = await sql<{ name: string }>`select name from app_migration`.execute(data.unscoped());
    return Math.max(0, ...rows.rows.map((r) => Number.parseInt(r.name, 10)).filter(Number.isFinite)) + 1;
  };

  const filesOf = async (id: number, migration: number) => {
    const plan = await planOf(app, recordOf(await live(id)));
    return { plan, files: generateFiles(plan, migration) };
  };

  const routes = api(app);
  routes.get(
    `${BASE}/preview`,
    {
      config: { access: 'administrator' },
      schema: {
        summary: 'The files an entry generates',
        querystring: idInput,
        response: answers(z.object({ files: z.array(generatedFile) }), 404),
      },
    },
    async (request, reply) => {
      const { files } = await filesOf(Number(request.query.id), await nextMigration());
      return reply.ok({ files });
    },
  );

  routes.post(
    `${BASE}/copy`,
    {
      config: { access: 'administrator' },
      schema: {
        summary: 'Copy an entry',
        ...queryOrBody(idInput),
        response: answers(rowOf(resources.code!), 404),
      },
    },
    async (request, reply) => {
      const { id } = request.body;
      const { id: _old, declaration: _d, registered: _r, ...row } = await live(Number(id));
      const auth = caller(request);
      const now = utcNow();
      const copy = {
        ...row,
        id: nextId(),
        code_name: `${row.code_name}-copy`.slice(0, 64),
        registered: 0,
        declaration: null,
        ...created(auth, now),
      };
      await data.global.insertInto('blade_code').values(copy).execute();
      data.writes.bump('blade_code');
      return reply.ok(toWire(copy, app.services.config.timeZone));
    },
  );

  /** The generated files of the entries, one folder each, as one .zip download. */
  const sendZip = async (reply: FastifyReply, ids: number[]) => {
    let migration = await nextMigration();
    const entries: Record<string, Uint8Array> = {};
    const names: string[] = [];
    for (const id of ids) {
      const { plan, files } = await filesOf(id, migration++);
      names.push(plan.fileBase);
      for (const file of files) entries[`${plan.fileBase}/${file.path}`] = strToU8(file.content);
    }
    const zip = Buffer.from(zipSync(entries, { level: 6 }));
    const name = `${names.length === 1 ? names[0] : 'code'}.zip`;
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(zip);
  };

  routes.post(
    `${BASE}/gen-code`,
    {
      config: { access: 'administrator' },
      schema: {
        summary: 'Generate code: a .zip download, or with `system` registration in the running server',
        ...queryOrBody(genInput),
        response: {
          200: {
            description: 'The registered resources (with `system`), else the .zip',
            content: {
              'application/json': {
                schema: answer(
                  z.object({
                    registered: z.array(
                      z.object({ name: z.string(), path: z.string(), menuPath: z.string() }),
                    ),
                  }),
                ),
              },
              ...zipAnswer.content,
            },
          },
          ...failures(404, 409),
        },
      },
    },
    async (request, reply) => {
      const input = request.body;
      if (input.ids.length === 0) throw new AppError(400, 'idsRequired');
      if (isSet(input.system)) {
        const auth = caller(request);
        const registered = [];
        for (const id of input.ids)
          registered.push(await generated.register(id, { userId: auth.userId, lang: request.lang }));
        return reply.ok({ registered });
      }
      return sendZip(reply, input.ids);
    },
  );

  // The same zip at an address a browser tab opens, the token in it: Saber's 代码生成 button posts
  // and drops the answer (SpringBlade writes to the typed directories, which we never do). Only a
  // download: registering is the POST's.
  routes.get(
    `${BASE}/gen-code`,
    {
      config: { access: 'administrator', tokenInQuery: true },
      schema: {
        summary: 'Generate code as a .zip download (the token may come as ?blade-auth=)',
        querystring: genInput.omit({ system: true }),
        response: { 200: zipAnswer, ...failures(404) },
      },
    },
    async (request, reply) => {
      const input = request.query;
      if (input.ids.length === 0) throw new AppError(400, 'idsRequired');
      return sendZip(reply, input.ids);
    },
  );

  // The web's pages for resources it did not know when it was built. Any signed-in user reads
  // them: a declaration holds labels and field rules only, as the built-in ones in the web bundle.
  routes.get(
    `${BASE}/resources`,
    {
      config: { access: 'user' },
      schema: {
        summary: 'The declarations of registered (generated) resources, for the web',
        response: answers(
          z.array(z.object({ menuPath: z.string(), resource: z.unknown().describe('The declaration') })),
        ),
      },
    },
    async (_request, reply) => {
      const served = [...(await generated.served()).values()];
      return reply.ok(served.map((s) => ({ menuPath: s.stored.menuPath, resource: s.stored.resource })));
    },
  );

  // Registered resources live behind one route: Fastify takes no routes once it is ready, and
  // find-my-way tries this wildcard only after every static route. The route itself is public so
  // that unknown paths still answer 404; each endpoint found applies its own rule, the same one
  // a built-in resource's route declares (endpointAccess), before anything else happens.
  const found = new WeakMap<FastifyRequest, { handler: EndpointHandler; schema: FastifySchema }>();
  app.route({
    method: ['GET', 'POST'],
    url: '/api/*',
    config: { access: 'public' },
    schema: {
      summary: "A registered (generated) resource's endpoints",
      description:
        "Each registered resource answers at its own path with the generic endpoints (list, detail, submit, remove…) of its declaration, under that endpoint's permission; an unknown path answers 404.",
      response: answers(z.unknown(), 404),
    },
    onRequest: async (request) => {
      const url = request.url.split('?')[0]!;
      const match = await generated.endpointAt(request.method, url);
      if (!match) throw new AppError(404, 'routeNotFound', { method: request.method, url });
      await enforceAccess(
        request,
        endpointAccess(match.resource, match.endpoint),
        `/api${match.resource.path}/${match.endpoint}`,
      );
      found.set(request, match);
    },
    // The endpoint's own schema checks the request, as the same endpoint of a built-in resource's
    // route does (its handler reads the parts as that schema leaves them).
    preValidation: async (request) => validateParts(request, found.get(request)!.schema),
    handler: async (request, reply) => reply.ok(await found.get(request)!.handler(request)),
  });

  // Registered declarations are served again from the start, and their tenant tables scoped.
  app.addHook('onReady', async () => {
    await generated.reload().catch((error: unknown) => app.log.error({ err: error }, 'generated resources'));
  });
}
