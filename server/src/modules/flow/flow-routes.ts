import { BPMN_MAX_BYTES, LEAVE_PROCESS_KEY } from '@blade/schema/rules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { ADMIN_TENANT, type AuthContext, caller } from '../../core/http.js';
import { answers, api, page, queryOrBody } from '../../core/route-schema.js';
import { pageQuery } from '../../core/validate.js';
import { pageOf, toWire } from '../../core/wire.js';
import { mayReadInstance } from './flow-access.js';
import { instanceHistory } from './flow-history.js';
import { flowTimersJob } from './flow-jobs.js';
import {
  changeStateInput,
  completeInput,
  definitionRow,
  deleteDeploymentInput,
  deleteInstanceInput,
  deployModelInput,
  deployment,
  instanceHistoryAnswer,
  instanceQuery,
  runningRow,
  sentRow,
  startableRow,
  startInput,
  taskInput,
  taskRow,
} from './flow-schemas.js';
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

/** /api/blade-flow: models, deployments, follow-up, work lists and history. */
export async function flowRoutes(app: FastifyInstance): Promise<void> {
  const { flow, config } = app.services;
  const tz = config.timeZone;
  const routes = api(app);
  app.services.jobs.define(flowTimersJob(flow));
  /** A page of a list query: the total and one page of rows, both counted and cut in the database. */
  const listed = async (
    auth: AuthContext,
    { current, size }: z.output<typeof pageQuery>,
    build: (auth: AuthContext) => {
      rows: (limit: number, offset: number) => Promise<Record<string, unknown>[]>;
      count: () => Promise<number>;
    },
  ) => {
    const q = build(auth);
    const total = await q.count();
    const rows = await q.rows(size, (current - 1) * size);
    return pageOf(
      rows.map((r) => toWire(r, tz)),
      total,
      { current, size },
    );
  };

  // ----- models (list, detail, submit and remove are the flowModel resource's) -------------
  routes.post(
    '/api/blade-flow/model/deploy',
    {
      config: { access: { permission: 'model_deploy' } },
      schema: {
        summary: 'Deploy a model: its diagram becomes the next version of its processes',
        ...queryOrBody(deployModelInput),
        response: answers(deployment, 404),
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const { modelId, category } = request.body;
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
  routes.get(
    '/api/blade-flow/manager/list',
    {
      config: { access: { permission: 'manager' } },
      schema: {
        summary: 'Deployed process definitions',
        querystring: pageQuery,
        response: answers(page(definitionRow)),
      },
    },
    async (request, reply) =>
      reply.ok(await listed(caller(request), request.query, (auth) => definitionPage(auth.db))),
  );
  routes.post(
    '/api/blade-flow/manager/change-state',
    {
      config: { access: { permission: 'manager_state' } },
      schema: {
        summary: 'Suspend or activate a process definition',
        ...queryOrBody(changeStateInput),
        response: answers(z.null(), 404),
      },
    },
    async (request, reply) => {
      const input = request.body;
      await flow.changeState(caller(request), input.processId, input.state === 'suspended');
      return reply.ok(null);
    },
  );
  routes.post(
    '/api/blade-flow/manager/delete-deployment',
    {
      config: { access: { permission: 'manager_delete' } },
      schema: {
        summary: 'Remove deployments (ids separated by commas)',
        ...queryOrBody(deleteDeploymentInput),
        response: answers(z.null(), 404, 409),
      },
    },
    async (request, reply) => {
      const { deploymentIds } = request.body;
      await flow.deleteDeployments(caller(request), deploymentIds);
      return reply.ok(null);
    },
  );
  routes.post(
    '/api/blade-flow/manager/deploy-upload',
    {
      config: { access: { permission: 'manager_upload' }, uploadMaxBytes: BPMN_MAX_BYTES },
      schema: {
        summary: 'Deploy uploaded BPMN files',
        description: `A multipart/form-data upload: up to ${BPMN_MAX_FILES} files (.bpmn, .bpmn20.xml, .xml) of at most ${BPMN_MAX_BYTES} bytes each, with the text fields \`category\` and \`tenantIds\` (tenants separated by commas; the platform tenant only may name others).`,
        consumes: ['multipart/form-data'],
        response: answers(z.array(deployment), 404, 413),
      },
    },
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
  routes.get(
    '/api/blade-flow/follow/list',
    {
      config: { access: { permission: 'follow' } },
      schema: {
        summary: 'Running process instances',
        querystring: pageQuery,
        response: answers(page(runningRow)),
      },
    },
    async (request, reply) =>
      reply.ok(await listed(caller(request), request.query, (auth) => runningPage(auth.db))),
  );
  routes.post(
    '/api/blade-flow/follow/delete-process-instance',
    {
      config: { access: { permission: 'follow_delete' } },
      schema: {
        summary: 'End a running process instance, with a reason',
        ...queryOrBody(deleteInstanceInput),
        response: answers(z.null(), 404, 409),
      },
    },
    async (request, reply) => {
      const input = request.body;
      await flow.deleteInstance(caller(request), input.processInstanceId, input.deleteReason);
      return reply.ok(null);
    },
  );
  routes.get(
    '/api/blade-flow/process/history-flow-list',
    {
      config: { access: 'user' },
      schema: {
        summary: "An instance's history and diagram",
        querystring: instanceQuery,
        response: answers(instanceHistoryAnswer, 404),
      },
    },
    async (request, reply) => {
      const { processInstanceId } = request.query;
      await mayReadInstance(request, processInstanceId);
      return reply.ok(await instanceHistory(caller(request), processInstanceId, tz));
    },
  );

  // ----- work lists (personal: each shows the caller's own items) ------------------------------
  const lists = [
    [
      'start-list',
      'Processes the caller may start (latest versions)',
      startableRow,
      (auth: AuthContext) => startablePage(auth.db),
    ],
    ['todo-list', "The caller's open tasks", taskRow, (auth: AuthContext) => taskPage(auth, 'todo')],
    [
      'claim-list',
      'Open tasks the caller may claim',
      taskRow,
      (auth: AuthContext) => taskPage(auth, 'claim'),
    ],
    ['done-list', 'Tasks the caller completed', taskRow, (auth: AuthContext) => taskPage(auth, 'done')],
    ['send-list', 'Instances the caller started', sentRow, (auth: AuthContext) => sentPage(auth)],
  ] as const;
  for (const [name, summary, rowSchema, build] of lists)
    routes.get(
      `/api/blade-flow/work/${name}`,
      {
        config: { access: 'user' },
        schema: { summary, querystring: pageQuery, response: answers(page(rowSchema)) },
      },
      async (request, reply) => reply.ok(await listed(caller(request), request.query, build)),
    );
  routes.post(
    '/api/blade-flow/work/claim-task',
    {
      config: { access: 'user' },
      schema: { summary: 'Claim a task', ...queryOrBody(taskInput), response: answers(z.null(), 404, 409) },
    },
    async (request, reply) => {
      await flow.claim(caller(request), request.body.taskId);
      return reply.ok(null);
    },
  );
  routes.post(
    '/api/blade-flow/work/complete-task',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Complete a task: approve (`pass` or `flag`) or refuse, with a comment',
        ...queryOrBody(completeInput),
        response: answers(z.null(), 404, 409),
      },
    },
    async (request, reply) => {
      const input = request.body;
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
    },
  );
  routes.post(
    '/api/blade-flow/work/start-process',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Start a process (leave requests start at their own address)',
        ...queryOrBody(startInput),
        response: answers(z.object({ processInstanceId: z.string() }), 404, 409),
      },
    },
    async (request, reply) => {
      const input = request.body;
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
    },
  );
}
