import { resources } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { pageFor, pages, plainPages } from './pages';

describe('menu pages', () => {
  it('finds a page by menu path or by route path', () => {
    expect(pageFor('/system/user')).toBe(pages['/system/user']);
    expect(pageFor('/system/user/index')).toBe(pages['/system/user']);
    expect(pageFor('/dict-vertical/index')).toBe(pages['/dict-vertical']);
    expect(pageFor('system/param/')).toBe(pages['/system/param']);
    expect(pageFor('/mall/nosuch/index')).toBeUndefined();
  });

  it('names only declared resources for the generic pages', () => {
    for (const name of Object.values(plainPages)) expect(resources[name], name).toBeDefined();
  });

  it('has a page for every system area of the spec', () => {
    const areas = [
      'user',
      'dept',
      'post',
      'menu',
      'topmenu',
      'dictbiz',
      'param',
      'tenant',
      'tenantpackage',
      'client',
      'region',
    ];
    for (const area of areas) expect(pageFor(`/system/${area}/index`), area).toBeDefined();
    for (const area of ['role', 'datascope', 'apiscope'])
      expect(pageFor(`/authority/${area}`), area).toBeDefined();
    expect(pageFor('/dict-horizontal/index')).toBeDefined();
  });

  it("opens regions and dictionaries at the seeded paths (Saber's base/region, system/dict) and the earlier ones", () => {
    expect(pageFor('/base/region')).toBe(pages['/system/region']);
    expect(pageFor('/system/region/index')).toBeDefined();
    expect(pageFor('/system/dict')).toBe(pages['/dict-horizontal']);
  });
});
