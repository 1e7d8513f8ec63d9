import { leaveDays } from '@blade/schema';
import { LEAVE_PROCESS_KEY } from '@blade/schema/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { ADMIN_TENANT, type AuthContext, caller } from '../../core/http.js';
import { nextId, parseId } from '../../core/ids.js';
import { hasPermission } from '../../core/permissions.js';
import { fromWireTime, utcNow } from '../../core/time.js';
import { idList, inputOf, parse } from '../../core/validate.js';
import { toWire } from '../../core/wire.js';
import { isCandidate } from './candidates.js';
import { flowTimersJob } from './flow-jobs.js';

/**
 * Largest BPMN document (a model or an uploaded file) and most files per deployment. Parsing is
 * synchronous work on the server's one thread (about 2 ms per KB on a busy 2-core machine), so
 * the size is what bounds it; real models are a few KB to a few tens of KB.
 */
export const BPMN_MAX_BYTES = 256 * 1024;
const BPMN_MAX_FILES = 5;

const pageQuery = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(10),
});

/** Process variables a client sets: a few named values, each short. */
const variablesSchema = z
  .record(z.string().max(64), z.union([z.string().max(4000), z.number(), z.boolean(), z.null()]))
  .refine((v) => Object.keys(v).length <= 100, 'at most 100 variables');

const anyId = (field: string) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const id = parseId(v);
    if (id === undefined) ctx.addIssue({ code: 'custom', message: `${field} must be an id` });
    return id ?? 0;
  });

/** /api/blade-flow (models, deployments, follow-up, work lists, history) and the leave calls of /api/blade-desk. */
export async function flowRoutes(app: FastifyInstance): Promise<void> {
  const { flow, config } = app.services;
  const tz = config.timeZone;
  /**
   * An instance's history and its leave request are read by those who took part in it and by
   * holders of the follow-up screen (`also` for callers known to take part, as a leave's applicant).
   */
  const mayRead = async (request: FastifyRequest, instanceId: number | null, also = false) => {
    if (also || (await hasPermission(request, 'follow'))) return;
    if (instanceId && (await flow.isParticipant(caller(request), instanceId))) return;
    throw new AppError(403, 'flowNotYours');
  };
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
    return { records: rows.map((r) => toWire(r, tz)), total, size, current, pages: Math.ceil(total / size) };
  };

  // ----- models ----------------------------------------------------------------------------
  app.get(
    '/api/blade-flow/model/list',
    { config: { access: { permission: 'model' } } },
    async (request, reply) => {
      const { current, size } = parse(pageQuery, request.query);
      const db = caller(request).db;
      const base = db.selectFrom('flow_model').where('is_deleted', '=', 0);
      const total = Number((await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
      const rows = await base
        .select(['id', 'model_key', 'name', 'category', 'description', 'create_time', 'update_time'])
        .orderBy('update_time', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute();
      return reply.ok({
        records: rows.map((r) => toWire(r, tz)),
        total,
        size,
        current,
        pages: Math.ceil(total / size),
      });
    },
  );
  app.get(
    '/api/blade-flow/model/detail',
    { config: { access: { permission: 'model' } } },
    async (request, reply) => {
      const { id } = parse(z.object({ id: anyId('id') }), request.query);
      const row = await caller(request)
        .db.selectFrom('flow_model')
        .selectAll()
        .where('id', '=', id)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!row) throw new AppError(404, 'rowNotFound');
      return reply.ok(toWire(row, tz));
    },
  );
  app.post(
    '/api/blade-flow/model/submit',
    { config: { access: { permission: ['model_add', 'model_edit'] } } },
    async (request, reply) => {
      const auth = caller(request);
      const input = parse(
        z.object({
          id: z.union([z.string(), z.number()]).optional(),
          modelKey: z
            .string()
            .max(64, { abort: true })
            .regex(/^[A-Za-z_][\w.-]{0,63}$/, 'starts with a letter; letters, digits, _ . - only'),
          name: z.string().trim().min(1).max(200),
          category: z.string().max(64).optional(),
          description: z.string().max(500).optional(),
          xml: z.string().min(1).max(BPMN_MAX_BYTES),
        }),
        request.body,
      );
      await app.services.flow.validate(input.xml, input.name);
      const now = utcNow();
      const id = input.id ? parseId(input.id) : undefined;
      if (id) {
        const done = await auth.db
          .updateTable('flow_model')
          .set({
            model_key: input.modelKey,
            name: input.name,
            category: input.category ?? null,
            description: input.description ?? null,
            xml: input.xml,
            update_user: auth.userId,
            update_time: now,
          })
          .where('id', '=', id)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 0) throw new AppError(404, 'rowNotFound');
        return reply.ok({ id: String(id) });
      }
      const newId = nextId();
      await auth.db
        .insertInto('flow_model')
        .values({
          id: newId,
          tenant_id: auth.tenantId,
          model_key: input.modelKey,
          name: input.name,
          category: input.category ?? null,
          description: input.description ?? null,
          xml: input.xml,
          create_user: auth.userId,
          create_dept: auth.deptId,
          create_time: now,
          update_user: auth.userId,
          update_time: now,
        })
        .execute();
      return reply.ok({ id: String(newId) });
    },
  );
  app.post(
    '/api/blade-flow/model/remove',
    { config: { access: { permission: 'model_delete' } } },
    async (request, reply) => {
      const auth = caller(request);
      const { ids } = parse(z.object({ ids: idList }), inputOf(request));
      if (ids.length === 0) throw new AppError(400, 'idsRequired');
      await auth.db
        .updateTable('flow_model')
        .set({ is_deleted: 1, update_user: auth.userId, update_time: utcNow() })
        .where('id', 'in', ids)
        .execute();
      return reply.ok(null);
    },
  );
  app.post(
    '/api/blade-flow/model/deploy',
    { config: { access: { permission: 'model_deploy' } } },
    async (request, reply) => {
      const auth = caller(request);
      const { modelId, category } = parse(
        z.object({ modelId: anyId('modelId'), category: z.string().max(64).optional() }),
        inputOf(request),
      );
      const model = await auth.db
        .selectFrom('flow_model')
        .select(['name', 'xml', 'category'])
        .where('id', '=', modelId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!model?.xml) throw new AppError(404, 'rowNotFound');
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
    async (request, reply) =>
      reply.ok(
        await page(request, (auth) => {
          const q = auth.db
            .selectFrom('flow_definition as d')
            .innerJoin('flow_deployment as p', 'p.id', 'd.deployment_id')
            .where('d.is_deleted', '=', 0);
          return {
            count: async () =>
              Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n),
            rows: (limit, offset) =>
              q
                .select([
                  'd.id',
                  'd.process_key',
                  'd.name',
                  'd.version',
                  'd.category',
                  'd.suspended',
                  'd.deployment_id',
                  'p.deploy_time',
                  'p.name as deployment_name',
                ])
                .orderBy('p.deploy_time', 'desc')
                .orderBy('d.id', 'desc')
                .limit(limit)
                .offset(offset)
                .execute(),
          };
        }),
      ),
  );
  app.post(
    '/api/blade-flow/manager/change-state',
    { config: { access: { permission: 'manager_state' } } },
    async (request, reply) => {
      const input = parse(
        z.object({ processId: anyId('processId'), state: z.enum(['active', 'suspended']) }),
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
      const known = await app.services.data.global
        .selectFrom('blade_tenant')
        .select('tenant_id')
        .where('tenant_id', 'in', targets)
        .where('is_deleted', '=', 0)
        .execute();
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
    async (request, reply) =>
      reply.ok(
        await page(request, (auth) => {
          const q = auth.db
            .selectFrom('flow_instance')
            .where('state_name', '=', 'running')
            .where('is_deleted', '=', 0);
          return {
            count: async () =>
              Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n),
            rows: (limit, offset) =>
              q
                .select([
                  'id',
                  'name',
                  'process_key',
                  'business_key',
                  'starter_id',
                  'starter_name',
                  'start_time',
                  'current_activities',
                ])
                .orderBy('start_time', 'desc')
                .limit(limit)
                .offset(offset)
                .execute(),
          };
        }),
      ),
  );
  app.post(
    '/api/blade-flow/follow/delete-process-instance',
    { config: { access: { permission: 'follow_delete' } } },
    async (request, reply) => {
      const input = parse(
        z.object({
          processInstanceId: anyId('processInstanceId'),
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
      const { processInstanceId } = parse(
        z.object({ processInstanceId: anyId('processInstanceId') }),
        request.query,
      );
      await mayRead(request, processInstanceId);
      return reply.ok(await flow.history(caller(request), processInstanceId, tz));
    },
  );

  // ----- work lists (personal: each shows the caller's own items) ------------------------------
  app.get('/api/blade-flow/work/start-list', { config: { access: 'user' } }, async (request, reply) =>
    reply.ok(
      await page(request, (auth) => {
        const latest = auth.db
          .selectFrom('flow_definition')
          .select(['process_key', (eb) => eb.fn.max<number>('version').as('version')])
          .where('is_deleted', '=', 0)
          .groupBy('process_key');
        const q = auth.db
          .selectFrom('flow_definition as d')
          .innerJoin(latest.as('l'), (j) =>
            j.onRef('l.process_key', '=', 'd.process_key').onRef('l.version', '=', 'd.version'),
          )
          .where('d.is_deleted', '=', 0)
          .where('d.suspended', '=', 0);
        return {
          count: async () =>
            Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n),
          rows: (limit, offset) =>
            q
              .select(['d.id', 'd.process_key', 'd.name', 'd.version', 'd.category'])
              .orderBy('d.name')
              .limit(limit)
              .offset(offset)
              .execute(),
        };
      }),
    ),
  );
  const taskColumns = [
    't.id',
    't.name',
    't.activity_id',
    't.instance_id',
    't.create_time',
    't.claim_time',
    't.end_time',
    't.comment',
    't.approved',
    't.assignee_id',
    'i.name as process_name',
    'i.process_key',
    'i.business_key',
    'i.starter_name',
    'i.definition_id',
  ] as const;
  const taskList = (filter: 'todo' | 'claim' | 'done') => async (request: FastifyRequest) =>
    page(request, (auth) => {
      let q = auth.db
        .selectFrom('flow_task as t')
        .innerJoin('flow_instance as i', 'i.id', 't.instance_id')
        .where('t.is_deleted', '=', 0);
      if (filter === 'todo')
        q = q.where('t.state_name', '=', 'open').where('t.assignee_id', '=', auth.userId);
      if (filter === 'done')
        q = q.where('t.state_name', '=', 'completed').where('t.assignee_id', '=', auth.userId);
      if (filter === 'claim') {
        q = q
          .where('t.state_name', '=', 'open')
          .where('t.assignee_id', 'is', null)
          .where(isCandidate(auth, 't'));
      }
      return {
        count: async () =>
          Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n),
        rows: (limit, offset) =>
          q
            .select([...taskColumns])
            .orderBy('t.create_time', 'desc')
            .limit(limit)
            .offset(offset)
            .execute(),
      };
    });
  app.get('/api/blade-flow/work/todo-list', { config: { access: 'user' } }, async (request, reply) =>
    reply.ok(await taskList('todo')(request)),
  );
  app.get('/api/blade-flow/work/claim-list', { config: { access: 'user' } }, async (request, reply) =>
    reply.ok(await taskList('claim')(request)),
  );
  app.get('/api/blade-flow/work/done-list', { config: { access: 'user' } }, async (request, reply) =>
    reply.ok(await taskList('done')(request)),
  );
  app.get('/api/blade-flow/work/send-list', { config: { access: 'user' } }, async (request, reply) =>
    reply.ok(
      await page(request, (auth) => {
        const q = auth.db
          .selectFrom('flow_instance')
          .where('starter_id', '=', auth.userId)
          .where('is_deleted', '=', 0);
        return {
          count: async () =>
            Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n),
          rows: (limit, offset) =>
            q
              .select([
                'id',
                'name',
                'process_key',
                'business_key',
                'state_name',
                'start_time',
                'end_time',
                'current_activities',
                'definition_id',
              ])
              .orderBy('start_time', 'desc')
              .limit(limit)
              .offset(offset)
              .execute(),
        };
      }),
    ),
  );
  app.post('/api/blade-flow/work/claim-task', { config: { access: 'user' } }, async (request, reply) => {
    const { taskId } = parse(z.object({ taskId: anyId('taskId') }), inputOf(request));
    await flow.claim(caller(request), taskId);
    return reply.ok(null);
  });
  app.post('/api/blade-flow/work/complete-task', { config: { access: 'user' } }, async (request, reply) => {
    const input = parse(
      z.object({
        taskId: anyId('taskId'),
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
        processDefinitionId: anyId('processDefinitionId'),
        businessKey: z.string().max(128).optional(),
        variables: variablesSchema.optional(),
      }),
      inputOf(request),
    );
    const definition = await caller(request)
      .db.selectFrom('flow_definition')
      .select('process_key')
      .where('id', '=', input.processDefinitionId)
      .executeTakeFirst();
    if (definition?.process_key === LEAVE_PROCESS_KEY)
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

  // ----- leave requests ----------------------------------------------------------------------
  app.post(
    '/api/blade-desk/process/leave/start-process',
    { config: { access: 'user' } },
    async (request, reply) => {
      const auth = caller(request);
      const input = parse(
        z.object({
          processDefinitionId: anyId('processDefinitionId'),
          leaveType: z.coerce.number().int().min(1).max(99),
          startTime: z.string().max(40),
          endTime: z.string().max(40),
          reason: z.string().trim().min(1).max(1000),
          approverId: z.union([z.string(), z.number()]),
        }),
        request.body,
      );
      const start = fromWireTime(input.startTime, tz);
      const end = fromWireTime(input.endTime, tz);
      if (!start || !end)
        throw new AppError(400, 'invalidField', {
          field: 'startTime',
          reason: 'must be a time like 2026-01-31 09:00:00',
        });
      if (end < start)
        throw new AppError(400, 'invalidField', { field: 'endTime', reason: 'must not be before the start' });
      const approverId = parseId(input.approverId);
      const approver = approverId
        ? await auth.db
            .selectFrom('blade_user')
            .select(['id', 'status'])
            .where('id', '=', approverId)
            .where('is_deleted', '=', 0)
            .executeTakeFirst()
        : undefined;
      if (!approver) throw new AppError(404, 'rowNotFound');
      const days = leaveDays(input.startTime, input.endTime) ?? 1;
      const result = await auth.db.transaction().execute(async (trx) => {
        const leaveId = nextId();
        const now = utcNow();
        await trx
          .insertInto('blade_process_leave')
          .values({
            id: leaveId,
            tenant_id: auth.tenantId,
            process_definition_id: input.processDefinitionId,
            process_instance_id: null,
            applicant_id: auth.userId,
            leave_type: input.leaveType,
            start_time: start,
            end_time: end,
            days,
            reason: input.reason,
            approver_id: approver.id,
            outcome: null,
            create_user: auth.userId,
            create_dept: auth.deptId,
            create_time: now,
            update_user: auth.userId,
            update_time: now,
          })
          .execute();
        const instanceId = await flow.start(
          { ...auth, db: trx },
          input.processDefinitionId,
          {
            applicantId: String(auth.userId),
            approverId: String(approver.id),
            days,
            hrDays: config.leaveHrDays,
            leaveId: String(leaveId),
          },
          String(leaveId),
          trx,
        );
        await trx
          .updateTable('blade_process_leave')
          .set({ process_instance_id: instanceId })
          .where('id', '=', leaveId)
          .execute();
        return { businessId: String(leaveId), processInstanceId: String(instanceId) };
      });
      return reply.ok(result);
    },
  );
  app.get('/api/blade-desk/process/leave/detail', { config: { access: 'user' } }, async (request, reply) => {
    const auth = caller(request);
    const { businessId } = parse(z.object({ businessId: anyId('businessId') }), request.query);
    const leave = await auth.db
      .selectFrom('blade_process_leave')
      .selectAll()
      .where('id', '=', businessId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!leave) throw new AppError(404, 'rowNotFound');
    await mayRead(
      request,
      leave.process_instance_id === null ? null : Number(leave.process_instance_id),
      leave.applicant_id === auth.userId || leave.approver_id === auth.userId,
    );
    const instance = leave.process_instance_id
      ? await auth.db
          .selectFrom('flow_instance')
          .select(['state_name', 'current_activities'])
          .where('id', '=', leave.process_instance_id)
          .executeTakeFirst()
      : undefined;
    return reply.ok({
      ...toWire(leave, tz, new Set(['startTime', 'endTime'])),
      processState: instance?.state_name ?? null,
      currentActivities: instance?.current_activities ?? null,
    });
  });
}
