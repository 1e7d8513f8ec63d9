import type { ResourceDef } from '@blade/schema';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { listFields, type Row } from './fields';
import type { CrudTranslate } from './i18n';
import type { SortOrder } from './listParams';
import type { ReadCell } from './useColumnReaders';

export type CellRenderer = (value: unknown, row: Row) => ReactNode;

interface ColumnOptions {
  resource: ResourceDef;
  t: CrudTranslate;
  label: (text: { zh: string; en: string }) => string;
  /** 1-based number of the first row on the page. */
  firstIndex: number;
  sort: { field: string; order: SortOrder } | null | undefined;
  cells?: Record<string, CellRenderer> | undefined;
  /** How each field's cells read (useColumnReaders). */
  read: Record<string, ReadCell>;
  actions?: ((row: Row) => ReactNode) | undefined;
  actionsWidth: number;
  /** Pin the actions column to the right edge (not on narrow screens, where it would cover the data). */
  pinActions: boolean;
}

/** The index column, one column per listed field (sortable where declared) and the actions column. */
export function buildColumns(o: ColumnOptions): TableColumnsType<Row> {
  const fields: TableColumnsType<Row> = listFields(o.resource).map((field) => ({
    key: field.name,
    dataIndex: field.name,
    title: o.label(field.label),
    width: field.width,
    ellipsis: field.type === 'longtext',
    sorter: field.sortable === true,
    sortOrder: o.sort?.field === field.name ? o.sort.order : null,
    render: (value: unknown, row: Row) => o.cells?.[field.name]?.(value, row) ?? o.read[field.name]?.(value),
  }));
  const index: TableColumnsType<Row>[number] = {
    key: '__index',
    title: o.t('index'),
    width: 60,
    align: 'center',
    render: (_: unknown, _row: Row, i: number) => o.firstIndex + i,
  };
  const actions: TableColumnsType<Row> = o.actions
    ? [
        {
          key: '__actions',
          title: o.t('actions'),
          width: o.actionsWidth,
          ...(o.pinActions ? { fixed: 'right' as const } : {}),
          render: (_: unknown, row: Row) => o.actions?.(row),
        },
      ]
    : [];
  return [index, ...fields, ...actions];
}
