import { resolve } from 'node:path';
import type { Config } from '../../config.js';
import { AppError } from '../../core/errors.js';
import type { DialectName } from '../../db/database.js';
import type { DataSources, DataSourceTarget } from '../develop/data-sources.js';
import { openMysqlReader } from './mysql-reader.js';
import { openPostgresReader } from './postgres-reader.js';
import { columnLabel, parameterValues, type ReportDesign } from './report-design.js';
import { type BoundQuery, bindQuery } from './report-sql.js';
import { type Cell, queryFailure, type RowReader, TimeBudget } from './row-reader.js';
import { openSqliteReader } from './sqlite-reader.js';

export interface ReportColumn {
  name: string;
  label: string;
}

/** What a run or a preview answers: the first rows, and whether the query had more. */
export interface ReportRows {
  columns: ReportColumn[];
  rows: Cell[][];
  truncated: boolean;
}

/** An open report query: its labelled columns and its rows batch by batch. */
export interface OpenReport {
  columns: ReportColumn[];
  read(max: number): Promise<Cell[][]>;
  close(): Promise<void>;
}

const BATCH = 1000;

/** The database file of an SQLite data source. */
function sqliteFile(target: DataSourceTarget): string {
  if (target.file) return target.file;
  const path = target.url.slice('sqlite:'.length).replace(/^\/\//, '');
  // An in-memory database cannot be opened a second time, read-only, from another process.
  if (!path || path === ':memory:') throw new AppError(400, 'reportSource');
  return resolve(path);
}

/** How each dialect's report query is opened. */
const READERS: Record<
  DialectName,
  (target: DataSourceTarget, query: BoundQuery, budget: TimeBudget) => Promise<RowReader>
> = {
  postgres: (target, query, budget) => openPostgresReader(target.url, query, budget),
  mysql: (target, query, budget) => openMysqlReader(target.url, query, budget),
  sqlite: (target, query, budget) => openSqliteReader(sqliteFile(target), query, budget),
};

/** Runs report designs against their data sources within the configured limits. */
export class ReportRunner {
  constructor(
    private readonly dataSources: DataSources,
    private readonly config: Pick<Config, 'reportTimeoutMs' | 'reportExportMaxRows'>,
  ) {}

  /** Opens the design's query with the sent parameter values bound. */
  async open(design: ReportDesign, sent: Readonly<Record<string, unknown>>): Promise<OpenReport> {
    const target = await this.dataSources.target(design.datasourceId);
    const query = bindQuery(design.sql, target.dialect, parameterValues(design, sent));
    const budget = new TimeBudget(this.config.reportTimeoutMs);
    let reader: RowReader;
    try {
      reader = await READERS[target.dialect](target, query, budget);
    } catch (error) {
      throw queryFailure(error, budget);
    }
    return {
      columns: reader.columns.map((name) => ({ name, label: columnLabel(design, name) })),
      read: async (max) => {
        try {
          return await reader.read(max);
        } catch (error) {
          await reader.close();
          throw queryFailure(error, budget);
        }
      },
      close: () => reader.close(),
    };
  }

  /** The first rows (the design's row limit) of a report. */
  async run(design: ReportDesign, sent: Readonly<Record<string, unknown>>): Promise<ReportRows> {
    const report = await this.open(design, sent);
    try {
      const rows: Cell[][] = [];
      // One row beyond the limit tells whether there are more.
      while (rows.length <= design.rowLimit) {
        const batch = await report.read(Math.min(BATCH, design.rowLimit + 1 - rows.length));
        if (batch.length === 0) break;
        rows.push(...batch);
      }
      const truncated = rows.length > design.rowLimit;
      return { columns: report.columns, rows: truncated ? rows.slice(0, design.rowLimit) : rows, truncated };
    } finally {
      await report.close();
    }
  }

  /**
   * Every row of a report, batch by batch, for an export; more than the export cap is refused
   * (reportTooManyRows) rather than cut short silently.
   */
  async *batches(report: OpenReport): AsyncGenerator<Cell[][]> {
    const cap = this.config.reportExportMaxRows;
    let count = 0;
    for (;;) {
      const batch = await report.read(Math.min(BATCH, cap + 1 - count));
      if (batch.length === 0) return;
      count += batch.length;
      if (count > cap) throw new AppError(400, 'reportTooManyRows', { limit: cap });
      yield batch;
    }
  }
}
