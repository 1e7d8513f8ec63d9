import { resources } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { collectHooks, hooksByResource } from './hooks.js';

describe('module hooks', () => {
  it('attaches each module its own resources’ hooks', () => {
    expect(hooksByResource(resources.user!).beforeWrite).toBeTypeOf('function');
    expect(hooksByResource(resources.order!).beforeWrite).toBeTypeOf('function');
    expect(hooksByResource(resources.dataScope!).beforeWrite).toBeTypeOf('function');
    expect(hooksByResource(resources.apiScope!).listFilters).toBeTypeOf('function');
  });

  it('refuses hooks for a resource no declaration names', () => {
    expect(() => collectHooks([{ noSuchResource: {} }])).toThrow(/undeclared resource: noSuchResource/);
  });

  it('refuses a resource two modules both attach hooks to', () => {
    expect(() => collectHooks([{ user: {} }, { user: {} }])).toThrow(/attached twice to resource user/);
  });
});
