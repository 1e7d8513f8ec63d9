import { resources } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { serverForDescribe } from '../test/harness.js';
import { collectHooks, hooksByResource } from './hooks.js';

describe('module hooks', () => {
  const t = serverForDescribe();

  it('attaches each module its own resources’ hooks', () => {
    const hooksOf = hooksByResource(t.services);
    expect(hooksOf(resources.user!).beforeWrite).toBeTypeOf('function');
    expect(hooksOf(resources.order!).beforeWrite).toBeTypeOf('function');
    expect(hooksOf(resources.dataScope!).beforeWrite).toBeTypeOf('function');
    expect(hooksOf(resources.apiScope!).listFilters).toBeTypeOf('function');
    expect(hooksOf(resources.post!).beforeWrite).toBeUndefined();
  });

  it('refuses hooks for a resource no declaration names', () => {
    expect(() => collectHooks([{ noSuchResource: {} }])).toThrow(/undeclared resource: noSuchResource/);
  });

  it('refuses a resource two modules both attach hooks to', () => {
    expect(() => collectHooks([{ user: {} }, { user: {} }])).toThrow(/attached twice to resource user/);
  });
});
