import { BPMN_MAX_BYTES, LEAVE_PROCESS_KEY } from '@blade/schema/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { ADMIN_TENANT, type AuthContext, caller } from '../../core/http.js';
import { idList, idSchema, inputOf, pageQuery, parse } from '../../core/validate.js';
import { pageOf, toWire } from '../../core/wire.js';
import { mayReadInstance } from './flow-access.js';
import { instanceHistory } from './flow-history.js';
import { flowTimersJob } from './flow-jobs.js';
import {
  definitionPage,
  existingTenants,
  modelOf,
  processKeyOf,
  runningPage,
  sentPage,
  startablePage,
  taskPage,
} from './flow-store.js';

/** Most files per deployment (each at most BPMN_MAX_BYTES). */
const BPMN_MAX_FILES = 5;

/** Process variables a client sets: a few named values, each short. */
const variablesSchema = z
  .record(z.string().max(64), z.union([z.string().max(4000), z.number(), z.boolean(), z.null()]))
  .refine((v) => Object.keys(v).length <= 100, 'at most 100 variables');

/** /api/blade-flow: models, deployments, follow-up, work lists and history. */
export async function flowRoutes(app: FastifyInstance): Promise<void> {
  const { flow, config } = app.services;
  const tz = config.timeZone;
  app.services.jobs.define(flowTimersJob(flow));
  /** A page of a list query: the total and one page of rows, both counted and cut in the database. */
  const page = async <T extends Record<string, unknown>>(
    request: FastifyRequest,
    build: (auth: AuthContext) => {
      rows: (limit: number, offset: number) => Promise<T[]>;
      count: () => Promise<number>;
    },
  ) => {
    const { current, size } = parse(pageQuery, request.query);
    const q = build(caller(request));
    const total = await q.count();
    const rows = await q.rows(size, (current - 1) * size);
    return pageOf(
      rows.map((r) => toWire(r, tz)),
      total,
      { current, size },
    );
  };

  // ----- models (list, detail, submit and remove are the flowModel resource's) -------------
  app.post(
    '/api/blade-flow/model/deploy',
    { config: { access: { permission: 'model_deploy' } } },
    async (request, reply) => {
      const auth = caller(request);
      const { modelId, category } = parse(
        z.object({ modelId: idSchema, category: z.string().max(64).optional() }),
        inputOf(request),
      );
      const model = await modelOf(auth.db, modelId);
      if (!model.xml) throw new AppError(404, 'rowNotFound');
      return reply.ok(
        await flow.deploy(auth, {
          name: model.name,
          category: category ?? model.category ?? undefined,
          files: [{ name: `${model.name}.bpmn`, xml: model.xml }],
        }),
      );
    },
  );

  // ----- deployments -----------------------------------------------------------------------
  app.get(
    '/api/blade-flow/manager/list',
    { config: { access: { permission: 'manager' } } },
    async (request, reply) => reply.ok(await page(request, (auth) => definitionPage(auth.db))),
  );
  app.post(
    '/api/blade-flow/manager/change-state',
    { config: { access: { permission: 'manager_state' } } },
    async (request, reply) => {
      const input = parse(
        z.object({ processId: idSchema, state: z.enum(['active', 'suspended']) }),
        inputOf(request),
      );
      await flow.changeState(caller(request), input.processId, input.state === 'suspended');
      return reply.ok(null);
    },
  );
  app.post(
    '/api/blade-flow/manager/delete-deployment',
    { config: { access: { permission: 'manager_delete' } } },
    async (request, reply) => {
      const { deploymentIds } = parse(z.object({ deploymentIds: idList }), inputOf(request));
      await flow.deleteDeployments(caller(request), deploymentIds);
      return reply.ok(null);
    },
  );
  app.post(
    '/api/blade-flow/manager/deploy-upload',
    { config: { access: { permission: 'manager_upload' }, uploadMaxBytes: BPMN_MAX_BYTES } },
    async (request, reply) => {
      const auth = caller(request);
      if (!request.isMultipart()) throw new AppError(400, 'fileMissing');
      const files = [];
      const fields: Record<string, string> = {};
      const limits = { files: BPMN_MAX_FILES, fileSize: BPMN_MAX_BYTES, fields: 10 };
      for await (const part of request.parts({ limits })) {
        if (part.type === 'file') {
          if (!/\.(bpmn|bpmn20\.xml|xml)$/i.test(part.filename))
            throw new AppError(400, 'fileTypeRefused', { type: part.filename.split('.').pop() ?? '?' });
          files.push({ name: part.filename, xml: (await part.toBuffer()).toString('utf8') });
        } else {
          fields[part.fieldname] = String(part.value);
        }
      }
      if (files.length === 0) throw new AppError(400, 'fileMissing');
      // tenantIds names tenants to deploy to; only the administrator tenant may name others.
      const tenantIds = (fields.tenantIds ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (tenantIds.some((t) => t !== auth.tenantId) && auth.tenantId !== ADMIN_TENANT)
        throw new AppError(403, 'forbidden');
      const targets = tenantIds.length ? [...new Set(tenantIds)] : [auth.tenantId];
      const known = await existingTenants(app.services.data.global, targets);
      if (known.length !== targets.length) throw new AppError(404, 'rowNotFound');
      const results = [];
      for (const tenantId of targets) {
        results.push(
          await flow.deploy(
            { ...auth, tenantId, db: app.services.data.forTenant(tenantId) },
            {
              name: files
                .map((f) => f.name)
                .join(', ')
                .slice(0, 200),
              category: fields.category,
              files,
            },
          ),
        );
      }
      return reply.ok(results);
    },
  );

  // ----- follow-up ---------------------------------------------------------------------------
  app.get(
    '/api/blade-flow/follow/list',
    { config: { access: { permission: 'follow' } } },
    async (request, reply) => reply.ok(await page(request, (auth) => runningPage(auth.db))),
  );
  app.post(
    '/api/blade-flow/follow/delete-process-instance',
    { config: { access: { permission: 'follow_delete' } } },
    async (request, reply) => {
      const input = parse(
        z.object({
          processInstanceId: idSchema,
          deleteReason: z.string().trim().min(1).max(500).default('deleted by an administrator'),
        }),
        inputOf(request),
      );
      await flow.deleteInstance(caller(request), input.processInstanceId, input.deleteReason);
      return reply.ok(null);
    },
  );
  app.get(
    '/api/blade-flow/process/history-flow-list',
    { config: { access: 'user' } },
    async (request, reply) => {
      const { processInstanceId } = parse(z.object({ processInstanceId: idSchema }), request.query);
      await mayReadInstance(request, processInstanceId);
      return reply.ok(await instanceHistory(caller(request), processInstanceId, tz));
    },
  );

  // ----- work lists (personal: each shows the caller's own items) ------------------------------
  app.get('/api/blade-flow/work/start-list', { config: { access: 'user' } }, async (request, reply) =>
    reply.ok(await page(request, (auth) => startablePage(auth.db))),
  );
  app.get('/api/blade-flow/work/todo-list', { config: { access: 'user' } }, async (request, reply) =>
    reply.ok(await page(request, (auth) => taskPage(auth, 'todo'))),
  );
  app.get('/api/blade-flow/work/claim-list', { config: { access: 'user' } }, async (request, reply) =>
    reply.ok(await page(request, (auth) => taskPage(auth, 'claim'))),
  );
  app.get('/api/blade-flow/work/done-list', { config: { access: 'user' } }, async (request, reply) =>
    reply.ok(await page(request, (auth) => taskPage(auth, 'done'))),
  );
  app.get('/api/blade-flow/work/send-list', { config: { access: 'user' } }, async (request, reply) =>
    reply.ok(await page(request, (auth) => sentPage(auth))),
  );
  app.post('/api/blade-flow/work/claim-task', { config: { access: 'user' } }, async (request, reply) => {
    const { taskId } = parse(z.object({ taskId: idSchema }), inputOf(request));
    await flow.claim(caller(request), taskId);
    return reply.ok(null);
  });
  app.post('/api/blade-flow/work/complete-task', { config: { access: 'user' } }, async (request, reply) => {
    const input = parse(
      z.object({
        taskId: idSchema,
        comment: z.string().max(2000).optional(),
        flag: z.union([z.boolean(), z.enum(['ok', 'no', 'true', 'false'])]).optional(),
        pass: z.boolean().optional(),
        variables: variablesSchema.optional(),
      }),
      inputOf(request),
    );
    const flag =
      input.pass ??
      (input.flag === undefined
        ? undefined
        : input.flag === true || input.flag === 'ok' || input.flag === 'true');
    await flow.complete(caller(request), {
      taskId: input.taskId,
      comment: input.comment,
      approved: flag,
      variables: input.variables,
    });
    return reply.ok(null);
  });
  app.post('/api/blade-flow/work/start-process', { config: { access: 'user' } }, async (request, reply) => {
    const input = parse(
      z.object({
        processDefinitionId: idSchema,
        businessKey: z.string().max(128).optional(),
        variables: variablesSchema.optional(),
      }),
      inputOf(request),
    );
    if ((await processKeyOf(caller(request).db, input.processDefinitionId)) === LEAVE_PROCESS_KEY)
      throw new AppError(400, 'invalidField', {
        field: 'processDefinitionId',
        reason: 'leave requests start at /api/blade-desk/process/leave/start-process',
      });
    const id = await flow.start(
      caller(request),
      input.processDefinitionId,
      input.variables ?? {},
      input.businessKey,
    );
    return reply.ok({ processInstanceId: String(id) });
  });
}
