import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';

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
    transformObject: createJsonSchemaTransformObject({}),
  });
}
