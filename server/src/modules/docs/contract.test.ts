import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BASIC, serverForDescribe, tokenOf } from '../../test/harness.js';
import { arbitraryOf, type JsonSchema, resolver } from '../../test/schema-arbitrary.js';

/**
 * The OpenAPI document is the contract. A client that reads only the document calls every
 * operation with values the document allows (a property-based run, seeded), signed in as the
 * platform administrator; every answer must be documented for its status and match its schema,
 * none may be a 5xx, and no route may read a request field the document does not name.
 */

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
  tags?: string[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Calls that end the signed-in session or change who it is; the run signs in again after 401. */
const SESSION_ENDING = [
  /\/logout$/,
  /update-password$/,
  /\/online\/(kick|logout|remove)/,
  /\/oauth\/token$/,
  /\/token$/,
];

/** Answers that stay open (server-sent events): not a request and answer to check. */
const STREAMS = [/\/stream$/];

/** Limits a local run to some addresses (`CONTRACT_ONLY=<regex>`); CI runs every operation. */
const ONLY = process.env.CONTRACT_ONLY ? new RegExp(process.env.CONTRACT_ONLY) : undefined;

/** Which request fields each route read, by method and route address. */
function recordReads(app: FastifyInstance): Map<string, Set<string>> {
  const reads = new Map<string, Set<string>>();
  app.addHook('preHandler', (request: FastifyRequest, _reply, done) => {
    const key = `${request.method} ${request.routeOptions.url}`;
    const seen = reads.get(key) ?? new Set<string>();
    reads.set(key, seen);
    const watch = (value: unknown) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? new Proxy(value, {
            get(target, name, receiver) {
              if (typeof name === 'string') seen.add(name);
              return Reflect.get(target, name, receiver);
            },
          })
        : value;
    request.query = watch(request.query);
    request.body = watch(request.body);
    done();
  });
  return reads;
}

let reads = new Map<string, Set<string>>();

describe('the OpenAPI document is the contract', () => {
  const t = serverForDescribe({ LOGIN_ADDRESS_MAX_FAILURES: '100000' }, (app) => {
    reads = recordReads(app);
  });

  const documentOf = async (): Promise<Document> =>
    (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Document>();

  it('describes every route: an answer schema, and the fields each reads', async () => {
    const doc = await documentOf();
    for (const route of t.app.apiRoutes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const op = (doc.paths[path.replace(/\*$/, '{*}')] ?? doc.paths[path])?.[route.method.toLowerCase()];
      if (route.url.startsWith('/api/docs') || (ONLY && !ONLY.test(route.url))) continue;
      expect(op, `${route.method} ${route.url}`).toBeDefined();
      // A download answers its file (any documented media type); every other route, JSON.
      const content = op!.responses['200']?.content ?? {};
      const success = content['application/json']?.schema ?? Object.values(content)[0]?.schema;
      expect(success, `${route.method} ${route.url} answers`).toBeDefined();
    }
    const submit = doc.paths['/api/blade-system/param/submit']!.post!;
    expect(submit.requestBody?.content['application/json']?.schema.properties).toHaveProperty('paramKey');
    const list = doc.paths['/api/blade-system/param/list']!.get!;
    expect(list.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['current', 'size', 'paramName', 'createTime_dategt']),
    );
    expect(JSON.stringify(doc.paths['/api/blade-user/page'])).not.toContain('"password"');
  });

  it('answers every operation as documented, with no 5xx, for inputs the document allows', async () => {
    const doc = await documentOf();
    const components = doc.components?.schemas ?? {};
    const resolve = resolver(components);
    const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
    for (const [name, schema] of Object.entries(components))
      ajv.addSchema(schema, `#/components/schemas/${name}`);
    const validators = new Map<JsonSchema, ReturnType<typeof ajv.compile>>();
    const validatorOf = (schema: JsonSchema) => {
      let v = validators.get(schema);
      if (!v) {
        v = ajv.compile(schema);
        validators.set(schema, v);
      }
      return v;
    };
    let token = t.admin;
    const problems: string[] = [];
    let calls = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (path.includes('{') || path.startsWith('/api/docs')) continue;
      for (const [method, op] of Object.entries(operations)) {
        if ([...SESSION_ENDING, ...STREAMS].some((p) => p.test(path)) || (ONLY && !ONLY.test(path))) continue;
        const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
        const query = fc.record(
          Object.fromEntries(queryParams.map((p) => [p.name, arbitraryOf(p.schema, resolve)])),
          { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
        );
        const bodySchema = op.requestBody?.content['application/json']?.schema;
        const body = bodySchema ? arbitraryOf(bodySchema, resolve) : fc.constant(undefined);
        const samples = fc.sample(fc.tuple(query, body), { numRuns: 4, seed: 40 });
        for (const [q, b] of samples) {
          const send = () =>
            t.app.inject({
              method: method.toUpperCase() as 'GET',
              url: path,
              query: Object.fromEntries(
                Object.entries(q).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
              ),
              headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
              ...(b === undefined ? {} : { payload: b as object }),
            });
          let res = await send();
          calls++;
          if (res.statusCode === 401 && !path.startsWith('/api/blade-auth')) {
            token = (await tokenOf(t.app)).access_token;
            res = await send();
          }
          const where = `${method.toUpperCase()} ${path} ${JSON.stringify(q).slice(0, 200)} ${JSON.stringify(b)?.slice(0, 200)}`;
          if (res.statusCode >= 500) {
            problems.push(`${res.statusCode} ${where}: ${res.body.slice(0, 300)}`);
            continue;
          }
          const type = String(res.headers['content-type'] ?? '');
          if (!type.includes('application/json')) continue;
          const documented = op.responses[String(res.statusCode)]?.content?.['application/json']?.schema;
          const schema = documented ?? ({ $ref: '#/components/schemas/Failure' } as JsonSchema);
          const validate = validatorOf(schema);
          if (!validate(res.json()))
            problems.push(
              `${res.statusCode} ${where}: ${ajv.errorsText(validate.errors)} — ${res.body.slice(0, 300)}`,
            );
        }
      }
    }
    if (!ONLY) expect(calls).toBeGreaterThan(1000);
    expect(problems).toEqual([]);
  }, 240_000);

  it('no route reads a request field its document does not name', async () => {
    const doc = await documentOf();
    const undocumented: string[] = [];
    for (const [route, names] of reads) {
      const [method, url] = route.split(' ') as [string, string];
      const path = url.replace(/\*$/, '{*}').replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[path]?.[method.toLowerCase()];
      if (!op) continue;
      const bodySchema = resolver(doc.components?.schemas)(
        op.requestBody?.content['application/json']?.schema ?? {},
      );
      const named = new Set([
        ...(op.parameters ?? []).map((p) => p.name),
        ...Object.keys(bodySchema.properties ?? {}),
      ]);
      for (const name of names)
        if (!named.has(name) && !INTERNAL.has(name)) undocumented.push(`${route}: ${name}`);
    }
    expect(undocumented).toEqual([]);
  });
});

/** Names read off any object by the language itself, not by a handler. */
const INTERNAL = new Set(['then', 'toJSON', 'constructor', 'length', 'valueOf', 'toString']);
