import { type Endpoint, type FieldDef, patternOf, type ResourceDef, resources } from '@blade/schema';
import type { Access, ApiRoute } from '../../core/http.js';

type Schema = Record<string, unknown>;

const fieldSchema = (f: FieldDef): Schema => {
  const base: Schema = { description: `${f.label.zh} / ${f.label.en}` };
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
      return { ...base, type: 'string', example: '2026-01-31 08:00:00' };
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
};

function bodyOf(r: ResourceDef, mode: 'add' | 'edit'): Schema {
  const writable = r.fields.filter((f) => f.form !== false && !(mode === 'edit' && f.disabledOnEdit));
  return {
    type: 'object',
    properties: {
      ...(mode === 'edit' ? { id: { type: 'string', pattern: '^\\d+$' } } : {}),
      ...Object.fromEntries(writable.map((f) => [f.name, fieldSchema(f)])),
    },
    required: [
      ...(mode === 'edit' ? ['id'] : []),
      ...(mode === 'add'
        ? writable.filter((f) => f.required && f.default === undefined).map((f) => f.name)
        : []),
    ],
  };
}

function rowOf(r: ResourceDef): Schema {
  const visible = r.fields.filter((f) => !f.secret && !f.virtual);
  return {
    type: 'object',
    properties: {
      id: { type: 'string' },
      ...Object.fromEntries(visible.map((f) => [f.name, fieldSchema(f)])),
      createTime: { type: 'string' },
      updateTime: { type: 'string' },
      status: { type: 'integer' },
    },
  };
}

const query = (name: string, schema: Schema, description?: string) => ({
  name,
  in: 'query',
  schema,
  ...(description ? { description } : {}),
});

function parametersOf(r: ResourceDef, endpoint: Endpoint) {
  switch (endpoint) {
    case 'list':
    case 'page':
      return [
        query('current', { type: 'integer', default: 1 }),
        query('size', { type: 'integer', default: 10, enum: [10, 30, 50, 100, 200] }),
        query(
          'ascs',
          { type: 'string' },
          `sortable: ${r.fields
            .filter((f) => f.sortable)
            .map((f) => f.name)
            .concat('createTime')
            .join(', ')}`,
        ),
        query('descs', { type: 'string' }),
        query('createTime_dategt', { type: 'string' }),
        query('createTime_datelt', { type: 'string' }),
        ...r.fields
          .filter((f) => f.search)
          .map((f) => query(f.name, fieldSchema(f), f.search === 'like' ? 'contains' : 'equals')),
      ];
    case 'detail':
      return [query('id', { type: 'string' })];
    case 'remove':
      return [query('ids', { type: 'string' }, 'ids separated by commas')];
    case 'lazy-tree':
    case 'lazy-list':
      return [query('parentId', { type: 'string', default: '0' })];
    default:
      return [];
  }
}

const describeAccess = (access: Access): string =>
  access === 'public'
    ? 'No sign-in needed.'
    : access === 'user'
      ? 'Any signed-in user.'
      : access === 'administrator'
        ? 'The administrator of tenant 000000 only.'
        : `Needs permission ${[access.permission].flat().join(' or ')}${access.platform ? ', in the platform tenant 000000' : ''}.`;

const envelope = (data: Schema = {}): Schema => ({
  type: 'object',
  properties: { code: { type: 'integer' }, success: { type: 'boolean' }, msg: { type: 'string' }, data },
});

/** The OpenAPI 3.1 document of every /api route, with resource routes described from the registry. */
export function openApiDocument(
  routes: ApiRoute[],
  resourceOf: (url: string) => { resource: ResourceDef; endpoint: Endpoint } | undefined,
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const url = route.url.replace(/\*$/, '{path}');
    const match = resourceOf(route.url);
    const tag = match ? match.resource.label.en : (route.url.split('/')[2] ?? 'api');
    const operation: Record<string, unknown> = {
      tags: [tag],
      summary: match ? `${match.resource.label.zh} ${match.endpoint}` : route.url,
      description: describeAccess(route.access),
      security: route.access === 'public' ? [] : [{ bladeAuth: [] }],
      responses: {
        200: {
          description: 'Success',
          content: { 'application/json': { schema: envelope(match ? rowOf(match.resource) : {}) } },
        },
        400: { description: 'Bad input; msg names the field' },
        401: { description: 'Not signed in' },
        403: { description: 'No permission' },
      },
    };
    if (match) {
      operation.parameters = parametersOf(match.resource, match.endpoint);
      if (['submit', 'save', 'update'].includes(match.endpoint)) {
        operation.requestBody = {
          content: {
            'application/json': {
              schema: bodyOf(match.resource, match.endpoint === 'update' ? 'edit' : 'add'),
            },
          },
        };
      }
    }
    paths[url] = { ...paths[url], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Blade Mall Admin API',
      version: '0.1.0',
      description: 'Every answer is { code, success, data, msg }; HTTP status equals code.',
    },
    components: {
      securitySchemes: {
        bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth', description: 'bearer <access_token>' },
        client: { type: 'http', scheme: 'basic' },
      },
    },
    paths,
  };
}

/** Finds the resource and endpoint a generic route serves. */
export function resourceRoute(url: string): { resource: ResourceDef; endpoint: Endpoint } | undefined {
  for (const resource of Object.values(resources)) {
    const prefix = `/api${resource.path}/`;
    if (!url.startsWith(prefix)) continue;
    const endpoint = url.slice(prefix.length) as Endpoint;
    if (resource.endpoints.includes(endpoint)) return { resource, endpoint };
  }
  return undefined;
}
