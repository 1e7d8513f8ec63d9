import { resources } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { abilities, canDo } from './access';

describe('button visibility', () => {
  it('shows a button only when its code is held', () => {
    const held = ['post', 'post_add', 'post_view'];
    expect(abilities(resources.post!, held)).toEqual({ add: true, edit: false, delete: false, view: true });
    expect(abilities(resources.post!, [])).toEqual({ add: false, edit: false, delete: false, view: false });
  });

  it('uses the dict_* codes on both dictionary layouts and dictbiz_* on business dictionaries', () => {
    expect(canDo(resources.dict!, 'delete', ['dict_delete'])).toBe(true);
    expect(canDo(resources.dictBiz!, 'delete', ['dict_delete'])).toBe(false);
    expect(canDo(resources.dictBiz!, 'delete', ['dictbiz_delete'])).toBe(true);
  });

  it('never shows view on the tenant package screen', () => {
    expect(canDo(resources.tenantPackage!, 'view', ['tenantpackage_view'])).toBe(false);
    expect(canDo(resources.tenantPackage!, 'add', ['tenantpackage_add'])).toBe(true);
  });
});
