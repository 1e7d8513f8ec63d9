import type { ResourceDef } from '@blade/schema';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { type CSSProperties, type UIEvent, useEffect, useMemo, useState } from 'react';
import type { Params } from '../api/http';
import { crudApi } from './api';
import { labelFieldOf, type Row } from './fields';

/** Rows one scroll of the dropdown loads. */
export const REMOTE_PAGE = 20;
/** How long typing rests before the server is asked. */
export const SEARCH_DELAY_MS = 300;

export interface RemoteSelectProps {
  /** The resource picked from: its own list route, searched by `searchField`. */
  resource: ResourceDef;
  value?: string | undefined;
  onChange?: ((value: string | undefined, row: Row | undefined) => void) | undefined;
  /** Filters every page carries: only what may be chosen (products on sale, active accounts). */
  filter?: Params | undefined;
  /** The list's search parameter typed text goes to (default: the field rows are named by). */
  searchField?: string | undefined;
  /** An option's text (default: the field rows are named by). */
  labelOf?: ((row: Row) => string) | undefined;
  placeholder?: string | undefined;
  disabled?: boolean | undefined;
  className?: string | undefined;
  style?: CSSProperties | undefined;
  id?: string | undefined;
}

/** At least the width of a name and its price, never past the screen's edge. */
const POPUP: CSSProperties = { minWidth: 240, maxWidth: 'calc(100vw - 32px)' };

/** `text` once typing has rested for `ms`. */
function useSettled(text: string, ms: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * A picker over a table too large to load: what is typed is searched on the server (after a
 * pause), the dropdown loads the next page as it scrolls to its end, and only rows the filter
 * allows are offered. A chosen row not among the loaded ones is named by its detail.
 */
export function RemoteSelect({
  resource,
  value,
  onChange,
  filter,
  searchField,
  labelOf,
  placeholder,
  disabled,
  className,
  style,
  id,
}: RemoteSelectProps) {
  const api = useMemo(() => crudApi(resource), [resource]);
  const labelField = labelFieldOf(resource);
  const nameOf = labelOf ?? ((row: Row) => String(row[labelField] ?? row.id));
  const [typed, setTyped] = useState('');
  const search = useSettled(typed.trim(), SEARCH_DELAY_MS);
  const [open, setOpen] = useState(false);

  const pages = useInfiniteQuery({
    queryKey: ['remote-select', resource.name, filter ?? null, search],
    queryFn: ({ pageParam }) =>
      api.list({
        ...filter,
        ...(search ? { [searchField ?? labelField]: search } : {}),
        current: pageParam,
        size: REMOTE_PAGE,
      }),
    initialPageParam: 1,
    getNextPageParam: (last, all) =>
      all.length * REMOTE_PAGE < last.total && last.rows.length > 0 ? all.length + 1 : undefined,
    enabled: open && !disabled,
    staleTime: 30_000,
    // The rows shown stay until the next search answers: the list does not blank under a pointer
    // about to pick (the select shows it is loading meanwhile).
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => pages.data?.pages.flatMap((p) => p.rows) ?? [], [pages.data]);
  const loaded = value !== undefined && rows.some((r) => String(r.id) === value);
  // The row picked here names the value once the search that found it is gone; a value the form
  // opened with (or set otherwise) is named by its detail.
  const [picked, setPicked] = useState<Row | undefined>();
  const known = picked && String(picked.id) === value ? picked : undefined;
  const chosen = useQuery({
    queryKey: ['remote-select-chosen', resource.name, value],
    queryFn: () => api.detail(String(value)),
    enabled: !!value && !loaded && !known,
    staleTime: 60_000,
  });
  const shown = known ?? chosen.data;

  const options = useMemo(() => {
    const list = rows.map((row) => ({ value: String(row.id), label: nameOf(row), row }));
    if (value && !loaded && shown) list.unshift({ value, label: nameOf(shown), row: shown });
    return list;
  }, [rows, value, loaded, shown, nameOf]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (box.scrollTop + box.clientHeight >= box.scrollHeight - 32 && pages.hasNextPage && !pages.isFetching)
      void pages.fetchNextPage();
  };

  return (
    <Select
      id={id}
      className={className}
      style={style}
      value={value}
      disabled={disabled}
      placeholder={placeholder}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      options={options}
      loading={pages.isFetching}
      notFoundContent={pages.isFetching ? <Spin size="small" /> : undefined}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setTyped('');
      }}
      onPopupScroll={onScroll}
      onChange={(next: string | undefined) => {
        const row = options.find((o) => o.value === next)?.row;
        setPicked(row);
        onChange?.(next, row);
      }}
      // Names are read whole where the field is narrow (a line of the order form on a phone).
      popupMatchSelectWidth={false}
      popupRender={(menu) => (
        <div style={POPUP}>
          {menu}
          {pages.isFetchingNextPage ? (
            <div className="remote-select-more" style={{ textAlign: 'center', padding: 4 }}>
              <Spin size="small" />
            </div>
          ) : null}
        </div>
      )}
    />
  );
}
