import { resources } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { BUSINESS_TABLES, SCOPED_TABLES } from './tables.js';

describe('table sets derived from the declarations', () => {
  it('scopes every tenant-owned declaration and no global one, without a list to keep', () => {
    for (const r of Object.values(resources))
      expect([r.name, SCOPED_TABLES.has(r.table)]).toEqual([r.name, r.tenant]);
  });

  it('keeps business data (mall and learning, with order lines) tenant-scoped and nothing else', () => {
    expect(BUSINESS_TABLES.has('mall_banner')).toBe(true);
    expect(BUSINESS_TABLES.has('mall_order_item')).toBe(true);
    expect(BUSINESS_TABLES.has('blade_user')).toBe(false);
    for (const table of BUSINESS_TABLES) expect([table, SCOPED_TABLES.has(table)]).toEqual([table, true]);
  });
});
