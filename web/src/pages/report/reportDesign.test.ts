import { describe, expect, it } from 'vitest';
import {
  chartData,
  columnNames,
  designOf,
  emptyDesign,
  pieData,
  type ReportRows,
  sentValues,
  withResultColumns,
} from './reportDesign';

const result: ReportRows = {
  columns: [
    { name: 'day', label: '日期' },
    { name: 'total', label: '金额' },
  ],
  rows: [
    ['11-01', 120],
    ['11-02', '380.5'],
    ['11-03', null],
  ],
  truncated: false,
};

describe('report designs', () => {
  it('reads a stored design and fills what is missing', () => {
    expect(designOf(undefined)).toEqual(emptyDesign());
    expect(designOf('not json')).toEqual(emptyDesign());
    const design = designOf(
      JSON.stringify({
        datasourceId: 12,
        sql: 'select 1',
        params: [
          { name: 'day', type: 'date', default: '2024-01-01' },
          { name: 'x', type: 'weird' },
        ],
        chart: { kind: 'pie', category: 'a', value: 'b' },
      }),
    );
    expect(design).toMatchObject({
      datasourceId: '12',
      sql: 'select 1',
      rowLimit: 1000,
      chart: { kind: 'pie', category: 'a', value: 'b' },
    });
    expect(design.params).toEqual([
      { name: 'day', label: '', type: 'date', default: '2024-01-01' },
      { name: 'x', label: '', type: 'text', default: null },
    ]);
  });

  it('adds the columns of a preview without touching the labels already given', () => {
    const design = { ...emptyDesign(), columns: [{ name: 'total', label: '合计' }] };
    const next = withResultColumns(design, result);
    expect(next.columns).toEqual([
      { name: 'total', label: '合计' },
      { name: 'day', label: '' },
    ]);
    expect(withResultColumns(next, result)).toBe(next);
    expect(columnNames(design, result)).toEqual(['total', 'day']);
  });

  it('leaves empty parameter values out so the server uses the defaults', () => {
    expect(sentValues({ a: '', b: null, c: 0, d: 'x' })).toEqual({ c: 0, d: 'x' });
  });
});

describe('report charts', () => {
  it('takes labels from the category column and numbers from the value column', () => {
    expect(chartData(result, { kind: 'bar', category: 'day', value: 'total' })).toEqual([
      { label: '11-01', value: 120 },
      { label: '11-02', value: 380.5 },
      { label: '11-03', value: 0 },
    ]);
    expect(chartData(result, { kind: 'none', category: 'day', value: 'total' })).toEqual([]);
    expect(chartData(result, { kind: 'line', category: 'day', value: 'gone' })).toEqual([]);
  });

  it('sums the smallest slices of a crowded pie into one', () => {
    const data = [1, 5, 3, 2].map((value, i) => ({ label: `p${i}`, value }));
    expect(pieData(data, 3, '其他')).toEqual([
      { label: 'p1', value: 5 },
      { label: 'p2', value: 3 },
      { label: '其他', value: 3 },
    ]);
    expect(pieData(data, 4, '其他')).toHaveLength(4);
  });
});
