import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { saberFormsOf } from '../saber/saber-users.js';

/**
 * The OpenAPI 3.1 document, made from the routes' own schemas as they are registered (see
 * core/route-schema.ts): nothing here describes a route. Registered before any route.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Blade Mall Admin API',
        version: '0.1.0',
        description:
          'Every answer is { code, success, data, msg }; the HTTP status equals code. Routes tagged ' +
          '"Saber · …" are the SpringBlade 4.x generation of calls, kept for Saber clients; the others ' +
          "are this product's own. Send the client as Basic Authorization and the token as " +
          '`Blade-Auth: bearer <access_token>`.',
      },
      components: {
        securitySchemes: {
          bladeAuth: {
            type: 'apiKey',
            in: 'header',
            name: 'Blade-Auth',
            description: 'bearer <access_token>',
          },
          client: { type: 'http', scheme: 'basic' },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
    transformObject: (document) => withSaberAliases(withComponents(document) as OpenApi),
  });
}

const withComponents = createJsonSchemaTransformObject({});

type Operation = { tags?: string[]; summary?: string; description?: string };
type OpenApi = { paths?: Record<string, Record<string, Operation>> };

/**
 * Saber's names of our user calls (/api/blade-system/user/…, rewritten to /api/blade-user/… before
 * routing): the same operations, tagged as SpringBlade 4.x's, with the plain passwords Saber sends.
 */
function withSaberAliases(document: OpenApi): OpenApi {
  const paths = { ...document.paths };
  for (const [path, operations] of Object.entries(document.paths ?? {}))
    for (const alias of saberFormsOf(path))
      paths[alias] = Object.fromEntries(
        Object.entries(operations).map(([method, op]) => [
          method,
          {
            ...op,
            tags: ['Saber · blade-system'],
            description:
              `${op.description ?? ''} SpringBlade 4.x's name of ${path}; password fields are sent in plain text and digested by the server.`.trim(),
          },
        ]),
      );
  return { ...document, paths };
}
