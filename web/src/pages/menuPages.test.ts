import { type ResourceDef, resources, screenCode, withScreens } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { resourceOfScreen } from '../crud/registry';
import { pageFor, pages } from './menuPages';

describe('menu pages', () => {
  it('finds a page by menu path or by route path', () => {
    expect(pageFor('/system/user')).toBe(pages['/system/user']);
    expect(pageFor('/system/user/index')).toBe(pages['/system/user']);
    expect(pageFor('/dict-vertical/index')).toBe(pages['/dict-vertical']);
    expect(pageFor('system/param/')).toBe(pages['/system/param']);
    expect(pageFor('/mall/nosuch/index')).toBeUndefined();
  });

  it("finds a simple resource's generic page by its screen's code", () => {
    expect(resourceOfScreen('dept')?.name).toBe('dept');
    expect(resourceOfScreen('log_usual')?.name).toBe('usualLog');
    expect(resourceOfScreen('plandetail')?.name).toBe('planDetail');
    // sms and smsRecord share their prefix; the screen is the one sms declares
    expect(resourceOfScreen('sms')?.name).toBe('sms');
    expect(resourceOfScreen('dict-horizontal')?.name).toBe('dict');
    expect(resourceOfScreen('smsRecord')).toBeUndefined();
    expect(resourceOfScreen('nosuch')).toBeUndefined();
    for (const r of withScreens(Object.values(resources))) expect(resourceOfScreen(screenCode(r))).toBe(r);
  });

  it('opens a newly declared screen on the generic page with no page line', () => {
    const note: ResourceDef = {
      ...resources.post!,
      name: 'caseNote',
      permission: 'case_note',
      screen: { folder: 'desk', path: '/desk/case-note', icon: 'FileTextOutlined', sort: 9 },
    };
    resources[note.name] = note;
    try {
      expect(pageFor('/desk/case-note')).toBeUndefined();
      expect(resourceOfScreen('case_note')).toBe(note);
    } finally {
      delete resources[note.name];
    }
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
    // a page of its own, or the generic page its screen code finds
    const served = (path: string, code: string) => pageFor(path) ?? resourceOfScreen(code);
    for (const area of areas) expect(served(`/system/${area}/index`, area), area).toBeDefined();
    for (const area of ['role', 'datascope', 'apiscope'])
      expect(served(`/authority/${area}`, area), area).toBeDefined();
    expect(pageFor('/dict-horizontal/index')).toBeDefined();
  });

  it("opens regions and dictionaries at the seeded paths (Saber's base/region, system/dict) and the earlier ones", () => {
    expect(pageFor('/base/region')).toBe(pages['/system/region']);
    expect(pageFor('/system/region/index')).toBeDefined();
    expect(pageFor('/system/dict')).toBe(pages['/dict-horizontal']);
  });
});
