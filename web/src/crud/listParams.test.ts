import { resources } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { isFiltered, listParams } from './listParams';

const param = resources.param!;
const user = resources.user!;

describe('listParams', () => {
  it('sends paging and trimmed, non-empty search fields only', () => {
    expect(
      listParams(param, {
        current: 2,
        size: 30,
        search: { paramName: '  site ', paramKey: '', paramValue: 'not searchable', remark: 'x' },
      }),
    ).toEqual({ current: 2, size: 30, paramName: 'site' });
  });

  it('keeps numeric searches such as dictionary selects', () => {
    expect(listParams(user, { current: 1, size: 10, search: { status: 0, userType: undefined } })).toEqual({
      current: 1,
      size: 10,
      status: 0,
    });
  });

  it('turns the createTime range into createTime_dategt and createTime_datelt', () => {
    expect(
      listParams(param, {
        current: 1,
        size: 10,
        search: {},
        range: ['2026-01-01 00:00:00', '2026-01-31 23:59:59'],
      }),
    ).toEqual({
      current: 1,
      size: 10,
      createTime_dategt: '2026-01-01 00:00:00',
      createTime_datelt: '2026-01-31 23:59:59',
    });
  });

  it('sorts by sortable fields through ascs or descs', () => {
    const base = { current: 1, size: 10, search: {} };
    expect(listParams(param, { ...base, sort: { field: 'paramKey', order: 'ascend' } })).toMatchObject({
      ascs: 'paramKey',
    });
    expect(listParams(param, { ...base, sort: { field: 'createTime', order: 'descend' } })).toMatchObject({
      descs: 'createTime',
    });
    const unsortable = listParams(param, { ...base, sort: { field: 'paramName', order: 'ascend' } });
    expect(unsortable).not.toHaveProperty('ascs');
    expect(unsortable).not.toHaveProperty('descs');
  });

  it('knows when the user has narrowed the list', () => {
    expect(isFiltered(param, { search: { paramName: ' ' } })).toBe(false);
    expect(isFiltered(param, { search: { paramName: 'a' } })).toBe(true);
    expect(isFiltered(param, { search: {}, range: ['a', 'b'] })).toBe(true);
  });
});
