import { resources } from '@blade/schema';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fromFormValues, toFormValues, wireRange } from './formValues';

const user = resources.user!.fields;
const dept = resources.dept!.fields;
const tenant = resources.tenant!.fields;
const product = resources.product!.fields;
const banner = resources.banner!.fields;

describe('form values', () => {
  it('sends id lists comma-joined and shows them as arrays', () => {
    expect(toFormValues(user, { roleId: '1,2' }).roleId).toEqual(['1', '2']);
    expect(fromFormValues(user, { roleId: ['1', '2'], account: 'a' })).toMatchObject({
      roleId: '1,2',
      account: 'a',
    });
  });

  it('turns a missing parent into the root 0 and the root into an empty picker', () => {
    expect(toFormValues(dept, { parentId: '0', deptName: 'x' })).toEqual({ deptName: 'x' });
    expect(fromFormValues(dept, { deptName: 'x' }).parentId).toBe('0');
    expect(fromFormValues(dept, { parentId: '12' }).parentId).toBe('12');
  });

  it('round-trips wire times', () => {
    const shown = toFormValues(tenant, { expireTime: '2027-01-31 08:00:00' });
    expect(fromFormValues(tenant, shown).expireTime).toBe('2027-01-31 08:00:00');
    expect(wireRange([dayjs('2026-01-01 00:00:00'), dayjs('2026-01-02 10:00:00')])).toEqual([
      '2026-01-01 00:00:00',
      '2026-01-02 10:00:00',
    ]);
  });

  it('edits money in yuan and sends cents, without float dust', () => {
    expect(toFormValues(product, { price: 1700 }).price).toBe(17);
    expect(fromFormValues(product, { price: 19.99 }).price).toBe(1999);
    expect(fromFormValues(product, { price: 0.1 + 0.2 }).price).toBe(30);
  });

  it('holds numbers as numbers so a dictionary select shows the stored choice', () => {
    expect(toFormValues(banner, { position: '2', status: 1 })).toMatchObject({ position: 2, status: 1 });
    expect(fromFormValues(banner, { position: 2 }).position).toBe(2);
  });
});
