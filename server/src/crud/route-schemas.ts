import { type Endpoint, type FieldDef, patternOf, type ResourceDef } from '@blade/schema';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { AppError } from '../core/errors.js';
import { answers, page, row, treeNode } from '../core/route-schema.js';
import { idList, idSchema } from '../core/validate.js';
import type { BoundHooks } from './hooks.js';
import { bodySchema, isWritable, missingRequired, refusalOf, withoutMasks } from './validation.js';

/**
 * The route schemas of a resource's generic endpoints, derived from its declaration: what its
 * lists take, what its forms send and what it answers. Request parts are checked by the same
 * rules the form and spreadsheet imports use (crud/validation.ts), worded with the field's label.
 */

type Json = Record<string, unknown>;

const describe = (f: FieldDef): string => `${f.label.zh} / ${f.label.en}`;

/** The JSON schema of one field's value as the wire carries it. */
export function fieldJson(f: FieldDef): Json {
  const base: Json = { description: describe(f) };
  switch (f.type) {
    case 'int':
    case 'flag':
    case 'money':
      return {
        ...base,
        type: 'integer',
        ...(f.min !== undefined ? { minimum: f.min } : {}),
        ...(f.max !== undefined ? { maximum: f.max } : {}),
      };
    case 'ref':
    case 'parent':
      return { ...base, type: 'string', pattern: '^\\d+$' };
    case 'refs':
      return { ...base, type: 'string', description: `${base.description} (ids separated by commas)` };
    case 'date':
    case 'datetime':
      return { ...base, type: 'string', examples: ['2026-01-31 08:00:00'] };
    case 'json':
      return { ...base, type: ['string', 'object', 'array'] };
    default: {
      const pattern = patternOf(f);
      return {
        ...base,
        type: 'string',
        ...(f.max ? { maxLength: f.max } : {}),
        ...(pattern ? { pattern: pattern.regex } : {}),
      };
    }
  }
}

/** A value's schema that also admits null. */
const orNull = (json: Json): Json => {
  const { description, ...rest } = json;
  return { description, anyOf: [rest, { type: 'null' }] };
};

const optionalText = (description: string) => z.string().max(255).optional().describe(description);

/** What a list of the resource takes: paging, sorting, declared search fields and time ranges. */
export function listQuery(resource: ResourceDef) {
  const sortable = resource.fields
    .filter((f) => f.sortable)
    .map((f) => f.name)
    .concat('createTime', 'updateTime', 'id');
  const shape: Record<string, z.ZodType> = {
    current: z.coerce.number().int().min(1).optional().describe('Page number, from 1'),
    size: z.coerce.number().int().min(1).optional().describe('Rows per page (at most 500)'),
    ascs: optionalText(`Sort ascending by, comma-separated: ${sortable.join(', ')}`),
    descs: optionalText('Sort descending by, comma-separated (same fields)'),
  };
  for (const f of resource.fields) {
    if (f.search)
      shape[f.name] = z
        .union([z.string().max(255), z.number()])
        .optional()
        .describe(
          `${describe(f)}: ${f.search === 'like' ? 'contains' : f.search === 'prefix' ? 'starts with' : 'equals'}`,
        );
  }
  const times = [
    { name: 'createTime', label: 'Created' },
    { name: 'updateTime', label: 'Updated' },
    ...resource.fields
      .filter((f) => f.type === 'date' || f.type === 'datetime')
      .map((f) => ({ name: f.name, label: describe(f) })),
  ];
  for (const { name, label } of times) {
    shape[`${name}_dategt`] = optionalText(`${label} after (yyyy-MM-dd HH:mm:ss)`);
    shape[`${name}_datelt`] = optionalText(`${label} before (yyyy-MM-dd HH:mm:ss)`);
  }
  // A tenant a platform administrator picks for a form's pickers.
  if (resource.tenant) shape.tenantId = z.string().max(12).optional().describe('Tenant (platform callers)');
  // Typed without its keys: list handlers hand the whole query to parseListQuery.
  return z.object(shape) as unknown as z.ZodObject<Record<never, z.ZodType>>;
}

/** A row as answered: its id, visible fields and audit columns. */
export function rowOf(resource: ResourceDef) {
  const visible = resource.fields.filter((f) => !f.secret && !f.virtual);
  return row(
    Object.fromEntries([
      // Optional fields answer null when left empty.
      ...visible.map((f) => [f.name, z.unknown().meta(f.required ? fieldJson(f) : orNull(fieldJson(f)))]),
      ['createTime', z.string().optional()],
      ['updateTime', z.string().optional()],
    ]),
  );
}

/** The form's body, documented field by field; the checks are the declared form rules. */
function formBody(
  resource: ResourceDef,
  mode: 'add' | 'edit' | 'either',
  hooks: BoundHooks,
  timeZone: string,
) {
  const modes = mode === 'either' ? (['add', 'edit'] as const) : ([mode] as const);
  const writable = resource.fields.filter(
    (f) => isWritable(f) && modes.some((m) => !(m === 'add' ? f.disabledOnAdd : f.disabledOnEdit)),
  );
  const json: Json = {
    type: 'object',
    properties: {
      ...(mode !== 'add'
        ? { id: { type: 'string', pattern: '^\\d+$', description: 'The row to edit' } }
        : {}),
      ...Object.fromEntries(writable.map((f) => [f.name, fieldJson(f)])),
    },
    required: [
      ...(mode === 'edit' ? ['id'] : []),
      ...(mode === 'add'
        ? writable.filter((f) => f.required && f.default === undefined).map((f) => f.name)
        : []),
    ],
  };
  return z
    .unknown()
    .superRefine((input) => {
      const body = aliased(input, hooks.bodyAliases);
      const hasId = body.id !== undefined && body.id !== null && body.id !== '';
      const m = mode === 'either' ? (hasId ? 'edit' : 'add') : mode;
      checkForm(resource, m, body, timeZone);
    })
    .meta(json);
}

const aliased = (input: unknown, aliases: Record<string, string> = {}): Record<string, unknown> => {
  const body =
    typeof input === 'object' && input !== null && !Array.isArray(input) ? { ...(input as Json) } : {};
  for (const [alias, name] of Object.entries(aliases))
    if (Object.hasOwn(body, alias) && !Object.hasOwn(body, name)) body[name] = body[alias];
  return body;
};

/**
 * The declared form rules over a body, refusing the first problem in both languages (a route's
 * validator runs before the caller's language is looked at). The values are converted later, by
 * the same rules, when the handler writes them.
 */
function checkForm(resource: ResourceDef, mode: 'add' | 'edit', input: Json, timeZone: string): void {
  const body = withoutMasks(resource, input);
  const missing = missingRequired(resource, mode, body);
  if (missing?.required)
    throw new AppError(
      400,
      'worded',
      { zh: missing.required.zh, en: missing.required.en },
      { field: missing.name },
    );
  const result = bodySchema(resource, mode, 'zh', timeZone).safeParse(body);
  if (result.success) return;
  const issue = result.error.issues[0]!;
  throw new AppError(
    400,
    'worded',
    { zh: refusalOf(resource, issue, 'zh'), en: refusalOf(resource, issue, 'en') },
    { field: issue.path[0] },
  );
}

const idsInput = z.object({
  ids: idList.describe('Ids separated by commas (or an array)'),
});

/** The route schema of one generic endpoint of a declared resource. */
export function endpointSchema(
  resource: ResourceDef,
  endpoint: Endpoint,
  hooks: BoundHooks,
  timeZone: string,
): FastifySchema {
  const summary = `${resource.label.zh} · ${resource.label.en}: ${endpoint}`;
  const rows = rowOf(resource);
  const node = treeNode(`${resource.name}Node`, rows.shape);
  switch (endpoint) {
    case 'list':
      return {
        summary,
        querystring: listQuery(resource).loose(),
        response: answers(resource.tree ? z.array(node) : page(rows)),
      };
    case 'page':
      return { summary, querystring: listQuery(resource).loose(), response: answers(page(rows)) };
    case 'select':
      return { summary, querystring: listQuery(resource).loose(), response: answers(z.array(rows)) };
    case 'detail':
      return { summary, querystring: z.object({ id: idSchema }), response: answers(rows, 404) };
    case 'tree':
      return {
        summary,
        querystring: z.object({ tenantId: z.string().max(12).optional() }).loose(),
        response: answers(z.array(node)),
      };
    case 'lazy-tree':
    case 'lazy-list':
      return {
        summary,
        querystring: listQuery(resource)
          .extend({
            parentId: z
              .union([z.literal('0'), z.literal(0), idSchema])
              .optional()
              .describe('Parent row, 0 for the top'),
          })
          .loose(),
        response: answers(z.array(rows.extend({ hasChildren: z.boolean().optional() }))),
      };
    case 'remove': {
      // The ids as a query parameter (Saber's) or in a JSON or form body; a resource may also
      // name its row by a key of its own (a region's code in `id`).
      const input = hooks.removeIds
        ? idsInput.extend({ id: z.string().max(20).optional().describe('The row by its own key') })
        : idsInput;
      return {
        summary,
        querystring: input.partial(),
        body: input.partial().optional(),
        response: answers(z.object({ removed: z.number().int() }), 404, 409),
      };
    }
    case 'save':
      return { summary, body: formBody(resource, 'add', hooks, timeZone), response: answers(rows, 409) };
    case 'update':
      return {
        summary,
        body: formBody(resource, 'edit', hooks, timeZone),
        response: answers(rows, 404, 409),
      };
    case 'submit':
      return {
        summary,
        body: formBody(resource, 'either', hooks, timeZone),
        response: answers(rows, 404, 409),
      };
  }
}
