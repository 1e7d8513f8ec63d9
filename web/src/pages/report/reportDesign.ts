import type { ChartDatum } from '../mall/dashboard/Chart';

export const PARAM_TYPES = ['text', 'number', 'date', 'datetime'] as const;
export const CHART_KINDS = ['none', 'line', 'bar', 'pie'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];
export type ChartKind = (typeof CHART_KINDS)[number];
export type Cell = string | number | boolean | null;
export type ParamValue = string | number | null;

/** A parameter of the query, used in the SQL as :name. */
export interface ReportParam {
  name: string;
  label: string;
  type: ParamType;
  default: ParamValue;
}

/** The design stored in a report's `content` (the server validates the same shape). */
export interface ReportDesign {
  /** '0' is the built-in database. */
  datasourceId: string;
  sql: string;
  params: ReportParam[];
  /** Labels of result columns by column name. */
  columns: Array<{ name: string; label: string }>;
  chart: { kind: ChartKind; category: string; value: string };
  /** Most rows a run shows. */
  rowLimit: number;
}

/** What a run or a preview answers. */
export interface ReportRows {
  columns: Array<{ name: string; label: string }>;
  rows: Cell[][];
  truncated: boolean;
}

export const DEFAULT_ROW_LIMIT = 1000;
export const MAX_ROW_LIMIT = 10_000;

export const emptyDesign = (): ReportDesign => ({
  datasourceId: '0',
  sql: '',
  params: [],
  columns: [],
  chart: { kind: 'none', category: '', value: '' },
  rowLimit: DEFAULT_ROW_LIMIT,
});

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T =>
  list.includes(v as T) ? (v as T) : fallback;

/** A stored design (JSON text or object) with every part filled in; anything unreadable starts empty. */
export function designOf(content: unknown): ReportDesign {
  let raw: unknown = content;
  if (typeof content === 'string') {
    try {
      raw = JSON.parse(content);
    } catch {
      raw = null;
    }
  }
  const base = emptyDesign();
  if (!isRecord(raw)) return base;
  const chart = isRecord(raw.chart) ? raw.chart : {};
  const limit = Number(raw.rowLimit);
  return {
    datasourceId: str(raw.datasourceId) || base.datasourceId,
    sql: str(raw.sql),
    params: (Array.isArray(raw.params) ? raw.params : []).filter(isRecord).map((p) => ({
      name: str(p.name),
      label: str(p.label),
      type: oneOf(PARAM_TYPES, p.type, 'text'),
      default: typeof p.default === 'number' || typeof p.default === 'string' ? p.default : null,
    })),
    columns: (Array.isArray(raw.columns) ? raw.columns : [])
      .filter(isRecord)
      .map((c) => ({ name: str(c.name), label: str(c.label) })),
    chart: {
      kind: oneOf(CHART_KINDS, chart.kind, 'none'),
      category: str(chart.category),
      value: str(chart.value),
    },
    rowLimit: Number.isInteger(limit) && limit > 0 ? limit : base.rowLimit,
  };
}

/** The parameter values a run starts with: each parameter's default. */
export const defaultValues = (design: ReportDesign): Record<string, ParamValue> =>
  Object.fromEntries(design.params.map((p) => [p.name, p.default]));

/** Parameter values as sent: empty ones left out, so the server applies the defaults. */
export const sentValues = (values: Record<string, ParamValue>): Record<string, string | number> =>
  Object.fromEntries(
    Object.entries(values).filter((e): e is [string, string | number] => e[1] !== null && e[1] !== ''),
  );

/** Adds the columns a preview found that the design has no label for yet (label empty: the name shows). */
export function withResultColumns(design: ReportDesign, result: ReportRows): ReportDesign {
  const missing = result.columns.filter((c) => !design.columns.some((d) => d.name === c.name));
  if (missing.length === 0) return design;
  return { ...design, columns: [...design.columns, ...missing.map((c) => ({ name: c.name, label: '' }))] };
}

/** The column names a chart can use: the design's labelled columns and the last result's. */
export function columnNames(design: ReportDesign, result?: ReportRows | null): string[] {
  const names = [...design.columns.map((c) => c.name), ...(result?.columns.map((c) => c.name) ?? [])];
  return [...new Set(names.filter(Boolean))];
}

/** The chart's points: the category column as labels, the value column as numbers. */
export function chartData(result: ReportRows, chart: ReportDesign['chart']): ChartDatum[] {
  if (chart.kind === 'none') return [];
  const category = result.columns.findIndex((c) => c.name === chart.category);
  const value = result.columns.findIndex((c) => c.name === chart.value);
  if (category < 0 || value < 0) return [];
  return result.rows.map((row) => {
    const n = Number(row[value]);
    return { label: String(row[category] ?? ''), value: Number.isFinite(n) ? n : 0 };
  });
}

/** A pie keeps its largest `max - 1` slices and sums the rest into one labelled `other`. */
export function pieData(data: readonly ChartDatum[], max: number, other: string): ChartDatum[] {
  if (data.length <= max) return [...data];
  const sorted = [...data].sort((a, b) => b.value - a.value);
  const kept = sorted.slice(0, max - 1);
  const rest = sorted.slice(max - 1).reduce((sum, d) => sum + d.value, 0);
  return [...kept, { label: other, value: rest }];
}
