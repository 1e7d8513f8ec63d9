import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { parseJsonText } from '../../core/json-depth.js';
import type { MessageKey } from '../../core/messages.js';

/** Most rows a run or a preview shows; exports have their own, larger cap (REPORT_EXPORT_MAX_ROWS). */
export const MAX_RUN_ROWS = 10_000;
export const DEFAULT_RUN_ROWS = 1_000;

const identifier = z
  .string()
  .trim()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'must be letters, digits and underscores, starting with a letter');

export const PARAM_TYPES = ['text', 'number', 'date', 'datetime'] as const;
export const CHART_KINDS = ['none', 'line', 'bar', 'pie'] as const;

const paramSchema = z.object({
  name: identifier,
  label: z.string().trim().max(64).default(''),
  type: z.enum(PARAM_TYPES).default('text'),
  default: z
    .union([z.string().max(1000), z.number(), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === '' ? null : v)),
});

const columnSchema = z.object({
  name: z.string().trim().min(1).max(128),
  label: z.string().trim().max(128),
});

/**
 * A report's design as stored in blade_report_file.content (JSON): where it reads, the query with
 * its :name parameters, column labels, the chart and the row limit of a run.
 */
export const designSchema = z
  .object({
    datasourceId: z
      .union([z.string(), z.number()])
      .default('0')
      .transform(String)
      .pipe(z.string().regex(/^\d{1,16}$/, 'must be a data source id')),
    sql: z.string().trim().min(1, 'write the query').max(20_000),
    params: z.array(paramSchema).max(20).default([]),
    columns: z.array(columnSchema).max(200).default([]),
    chart: z
      .object({
        kind: z.enum(CHART_KINDS).default('none'),
        category: z.string().trim().max(128).default(''),
        value: z.string().trim().max(128).default(''),
      })
      .default({ kind: 'none', category: '', value: '' }),
    rowLimit: z.coerce.number().int().min(1).max(MAX_RUN_ROWS).default(DEFAULT_RUN_ROWS),
  })
  .superRefine((design, ctx) => {
    const names = new Set<string>();
    design.params.forEach((p, i) => {
      if (names.has(p.name))
        ctx.addIssue({ code: 'custom', path: ['params', i, 'name'], message: `${p.name} is named twice` });
      names.add(p.name);
    });
    if (design.chart.kind !== 'none' && (!design.chart.category || !design.chart.value))
      ctx.addIssue({
        code: 'custom',
        path: ['chart'],
        message: 'a chart needs a category and a value column',
      });
  });

export type ReportDesign = z.output<typeof designSchema>;
export type ReportParam = ReportDesign['params'][number];

/** The design of a stored or sent report; 400 naming the first problem. */
export function parseDesign(input: unknown): ReportDesign {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = parseJsonText(input);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(400, 'reportDesign', { reason: 'not JSON' });
    }
  }
  const result = designSchema.safeParse(value ?? {});
  if (result.success) {
    // A default must be a value its parameter accepts; it is stored as such (a number as a number).
    for (const param of result.data.params) param.default = paramValue(param, param.default);
    return result.data;
  }
  const issue = result.error.issues[0]!;
  const where = issue.path.join('.');
  throw new AppError(400, 'reportDesign', { reason: where ? `${where}: ${issue.message}` : issue.message });
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

function paramValue(param: ReportParam, sent: unknown): string | number | null {
  const raw = sent === undefined || sent === null || sent === '' ? param.default : sent;
  if (raw === null) return null;
  const refuse = (key: MessageKey) => new AppError(400, key, { name: param.label || param.name });
  switch (param.type) {
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
      if (!Number.isFinite(n)) throw refuse('reportParamNumber');
      return n;
    }
    case 'date':
      if (typeof raw !== 'string' || !DATE.test(raw.trim())) throw refuse('reportParamDate');
      return raw.trim();
    case 'datetime':
      if (typeof raw !== 'string' || !DATETIME.test(raw.trim())) throw refuse('reportParamDatetime');
      return raw.trim().replace('T', ' ');
    case 'text':
      if (typeof raw === 'object')
        throw new AppError(400, 'invalidField', { field: param.name, reason: 'must be text' });
      return String(raw).slice(0, 1000);
  }
}

/**
 * The value of every declared parameter from what the caller sent (the default when left empty,
 * else null); a name the report does not declare is refused.
 */
export function parameterValues(
  design: ReportDesign,
  sent: Readonly<Record<string, unknown>>,
): Record<string, string | number | null> {
  for (const name of Object.keys(sent))
    if (!design.params.some((p) => p.name === name)) throw new AppError(400, 'reportNoSuchParam', { name });
  const out: Record<string, string | number | null> = {};
  for (const param of design.params) out[param.name] = paramValue(param, sent[param.name]);
  return out;
}

/** The label of a result column: the design's, else the column name. */
export function columnLabel(design: ReportDesign, name: string): string {
  return design.columns.find((c) => c.name === name)?.label || name;
}
