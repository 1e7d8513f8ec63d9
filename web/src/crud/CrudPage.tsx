import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@blade/schema';
import { PAGE_SIZES } from '@blade/schema';
import { Button, Card, Space, Table } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { usePinActions } from '../store/layout';
import { crudApi } from './api';
import { buildColumns, type CellRenderer } from './columns';
import { FormDialog, type FormDialogProps } from './FormDialog';
import { listFields, type Row } from './fields';
import { useHistory } from './history/useHistory';
import { type CrudText, useCrudText } from './i18n';
import type { SortOrder } from './listParams';
import { LIST_TABLE } from './listTable';
import { SearchBar } from './SearchBar';
import { type Access, useAccess } from './useAccess';
import { useColumnReaders } from './useColumnReaders';
import { type CrudActionOptions, type CrudChange, useCrudActions } from './useCrudActions';
import { type CrudListOptions, useCrudList } from './useCrudList';
import { useProgressiveRows } from './useProgressiveRows';

/**
 * The select-all checkbox. antd copies header titles into a hidden (aria-hidden) row that measures
 * column widths; the copy there is made inert, so no focusable control hides from screen readers.
 */
function SelectAllTitle({ checkbox }: { checkbox: ReactNode }) {
  return (
    <span
      ref={(el) => {
        if (el?.closest('.ant-table-measure-row')) el.inert = true;
      }}
    >
      {checkbox}
    </span>
  );
}

/** What a page's own buttons get: the selection, a reload, the access check and the texts. */
export interface CrudContext {
  selectedRows: Row[];
  selectedIds: string[];
  /**
   * After a page's own button changed rows (enable, seal, grant, claim…): as after a save, every
   * list and picker of the resource reads them again, the selection clears and `onChanged` runs.
   */
  reload: () => void;
  access: Access;
  text: CrudText;
  /** Opens the generic dialog, e.g. an add with a parent filled in. */
  openDialog: (mode: 'add' | 'edit' | 'view', row?: Row, start?: Row) => Promise<void>;
}

/** Where the rows come from: useCrudList's options (while `enabled` is false, add is off too). */
export type CrudPageList = Omit<CrudListOptions, 'resource' | 'api'> & {
  /** Shown in the empty table when `enabled` is false. */
  disabledText?: string | undefined;
};

/** How the add/edit dialog starts, saves and answers. */
export type CrudPageForm = Pick<CrudActionOptions, 'defaults' | 'beforeSave' | 'afterSave'> &
  Pick<FormDialogProps, 'sources' | 'inputs'> & {
    /**
     * A page's own editor, opened by add (no row) and edit instead of the form dialog (the process
     * designer); it calls `saved` once the row is stored.
     */
    editor?: ((row: Row | undefined, saved: () => void) => void) | undefined;
  };

/** A page's own additions to the table. */
export interface CrudPageTable {
  /** Extra toolbar buttons. */
  toolbar?: ((ctx: CrudContext) => ReactNode) | undefined;
  /**
   * What stands in for 新增, under the same add permission, when a page adds its rows another way
   * (附件管理 records a file by its upload, so a form to fill would only be refused).
   */
  add?: ((ctx: CrudContext) => ReactNode) | undefined;
  /** Extra row buttons, after view, edit and delete. */
  rowActions?: ((row: Row, ctx: CrudContext) => ReactNode) | undefined;
  /** Custom cells by field name (the isSealed switch). */
  cells?: ((ctx: CrudContext) => Record<string, CellRenderer>) | undefined;
  /** A click on a row (the dictionary parent table picks its children with it). */
  onRowClick?: ((row: Row) => void) | undefined;
  /** Highlights one row. */
  activeRowId?: string | undefined;
}

export interface CrudPageProps {
  /** The declaration, or a page's derived view of it (see deriveResource); keep it stable (a module constant or memoized). */
  resource: ResourceDef;
  title?: ReactNode;
  /** Where the rows come from: passed to useCrudList (plus the empty-table text while disabled). */
  list?: CrudPageList;
  /** How the add/edit dialog starts, saves and answers: useCrudActions' options, FormDialog's sources and inputs, or a page's own editor. */
  form?: CrudPageForm;
  /** A page's own additions to the table: toolbar buttons, row buttons, cells, row click and highlight. */
  table?: CrudPageTable;
  /** Called after every save and delete (with the ids it removed), besides the reload of the resource's lists. */
  onChanged?: (change: CrudChange) => void;
}

/**
 * The one list page of every declared resource (ARCHITECTURE §3): search form with the createTime
 * range, columns from the declaration with an index column, paging 10/30/50/100/200, row selection,
 * add and batch delete, row view/edit/delete, the add/edit/view dialog, sorting and tree tables.
 * Buttons show by the user's permission codes. Special pages add buttons and dialogs through the
 * props instead of copying it.
 */
export function CrudPage({
  resource,
  title,
  list: listProps = {},
  form = {},
  table = {},
  onChanged,
}: CrudPageProps) {
  const { disabledText, enabled = true, ...listOptions } = listProps;
  const { editor, sources, inputs, ...saveOptions } = form;
  const text = useCrudText();
  const { t, label } = text;
  const access = useAccess(resource);
  const listed = useMemo(() => listFields(resource), [resource]);
  const read = useColumnReaders(resource, listed);
  const api = useMemo(() => crudApi(resource), [resource]);
  const list = useCrudList({ resource, api, ...listOptions, enabled });
  const [selected, setSelected] = useState<Row[]>([]);
  const actions = useCrudActions({
    resource,
    api,
    onChanged: (change) => {
      setSelected([]);
      onChanged?.(change);
    },
    ...saveOptions,
  });
  // A page that adds rows its own way (table.add) offers no import: imported rows would skip it.
  const history = useHistory(
    resource,
    table.add ? { ...access, add: false } : access,
    actions.changed,
    () => list.query,
  );
  const open: CrudContext['openDialog'] = async (mode, row, start) =>
    editor && mode !== 'view'
      ? editor(mode === 'edit' ? row : undefined, actions.changed)
      : actions.open(mode, row, start);
  const ctx: CrudContext = {
    selectedRows: selected,
    selectedIds: selected.map((r) => String(r.id)),
    reload: actions.changed,
    access,
    text,
    openDialog: open,
  };

  const rowButtons = (row: Row) => (
    <Space size={0} wrap>
      {access.view && (
        <Button type="link" size="small" onClick={() => void open('view', row)}>
          {t('view')}
        </Button>
      )}
      {access.edit && (
        <Button type="link" size="small" onClick={() => void open('edit', row)}>
          {t('edit')}
        </Button>
      )}
      {access.delete && (
        <Button type="link" size="small" danger onClick={() => void actions.remove([String(row.id)])}>
          {t('delete')}
        </Button>
      )}
      {access.add && resource.tree && (
        <Button
          type="link"
          size="small"
          onClick={() => void open('add', undefined, { [resource.tree?.parent ?? 'parentId']: row.id })}
        >
          {t('addChild')}
        </Button>
      )}
      {history.rowButton(row)}
      {table.rowActions?.(row, ctx)}
    </Space>
  );

  const { state } = list;
  const pinActions = usePinActions();
  const shownRows = useProgressiveRows(list.rows);
  const columns = buildColumns({
    resource,
    t,
    label,
    firstIndex: list.paged ? (state.current - 1) * state.size + 1 : 1,
    sort: state.sort,
    cells: table.cells?.(ctx),
    read,
    actions: rowButtons,
    actionsWidth: resource.ui?.menuWidth ?? 200,
    pinActions,
  });

  return (
    <Card size="small" title={title} className={`crud-page crud-${resource.name}`}>
      <SearchBar
        resource={resource}
        onSearch={({ search, range }) => list.setState((s) => ({ ...s, search, range, current: 1 }))}
      />
      <Space className="crud-toolbar" style={{ marginBottom: 12 }} wrap>
        {access.add &&
          (table.add ? (
            table.add(ctx)
          ) : (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!enabled}
              onClick={() => void open('add')}
            >
              {t('add')}
            </Button>
          ))}
        {access.delete && (
          <Button danger icon={<DeleteOutlined />} onClick={() => void actions.remove(ctx.selectedIds)}>
            {t('delete')}
          </Button>
        )}
        {history.toolbarButton}
        {table.toolbar?.(ctx)}
      </Space>
      <Table<Row>
        {...LIST_TABLE}
        loading={list.loading}
        columns={columns}
        dataSource={shownRows}
        locale={!enabled && disabledText ? { emptyText: disabledText } : undefined}
        rowSelection={{
          selectedRowKeys: ctx.selectedIds,
          onChange: (_keys, rows) => setSelected(rows),
          checkStrictly: true,
          columnTitle: (checkbox) => <SelectAllTitle checkbox={checkbox} />,
        }}
        expandable={list.tree ? { onExpand: (open, row) => open && list.expand(row) } : undefined}
        onRow={(row) => {
          const { onRowClick, activeRowId } = table;
          return {
            onClick: onRowClick ? () => onRowClick(row) : undefined,
            className: activeRowId && row.id === activeRowId ? 'ant-table-row-selected' : undefined,
            style: onRowClick ? { cursor: 'pointer' } : undefined,
          };
        }}
        onChange={(pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const order = one?.order as SortOrder | undefined;
          list.setState((s) => ({
            ...s,
            current: pagination.current ?? 1,
            size: pagination.pageSize ?? s.size,
            sort: one?.columnKey && order ? { field: String(one.columnKey), order } : null,
          }));
        }}
        pagination={
          list.paged
            ? {
                current: state.current,
                pageSize: state.size,
                total: list.total,
                pageSizeOptions: PAGE_SIZES.map(String),
                // Four options need no virtual list (it measures every option after each render).
                showSizeChanger: { virtual: false },
                showTotal: (total) => t(total === 1 ? 'totalOne' : 'total', { total }),
              }
            : false
        }
      />
      <FormDialog
        resource={resource}
        mode={actions.dialog.mode}
        open={actions.dialog.open}
        row={actions.dialog.row}
        onSave={actions.save}
        onClose={actions.close}
        sources={sources}
        inputs={inputs}
      />
      {history.dialogs}
    </Card>
  );
}
