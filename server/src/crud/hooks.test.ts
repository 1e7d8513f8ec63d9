import { resources } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../core/http.js';
import type { DynamicDb } from '../db/dynamic-db.js';
import { bindHooks, type HookContext, type ResourceContext } from './hooks.js';

describe('hooks bound to their services', () => {
  // No database is reached: the hooks under test only look at the context they are given.
  const call: ResourceContext = {
    resource: resources.post!,
    auth: { tenantId: '000000' } as AuthContext,
    db: {} as DynamicDb,
    lang: 'en',
    requestId: 'r1',
  };

  it('hands each hook the call with the services its module declared', async () => {
    const seen: HookContext<{ clock: string }>[] = [];
    const bound = bindHooks<{ clock: string }>(
      {
        bodyAliases: { postName: 'name' },
        async beforeWrite(ctx, values) {
          seen.push(ctx);
          values.stamped = ctx.services.clock;
        },
        readScope: (ctx) => [{ column: 'tenant_id', op: '=', value: ctx.auth.tenantId }],
        answer: (ctx, id, mode) => ({ id, mode, clock: ctx.services.clock }),
      },
      { clock: 'noon' },
    );
    const values: Record<string, unknown> = {};
    await bound.beforeWrite?.(call, values, 'add', 7);
    expect(values.stamped).toBe('noon');
    expect(seen[0]).toMatchObject({ requestId: 'r1', lang: 'en', services: { clock: 'noon' } });
    expect(seen[0]?.resource).toBe(resources.post);
    expect(await bound.readScope?.(call)).toEqual([{ column: 'tenant_id', op: '=', value: '000000' }]);
    expect(bound.answer?.(call, 7, 'edit')).toEqual({ id: 7, mode: 'edit', clock: 'noon' });
    expect(bound.bodyAliases).toEqual({ postName: 'name' });
    // The caller's context is left as it was: the services join only the hook's copy.
    expect(call).not.toHaveProperty('services');
  });

  it('leaves the points a resource does not use empty', () => {
    const bound = bindHooks({ decorate: () => undefined }, {});
    expect(bound.decorate).toBeTypeOf('function');
    expect(bound.beforeWrite).toBeUndefined();
    expect(bound.removeIds).toBeUndefined();
  });
});
