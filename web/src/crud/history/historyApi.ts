import type { ImportJob, ImportOutcome, Page } from '@blade/schema';

export type { ImportJob } from '@blade/schema';

import { getData, type Params } from '../../api/http';
import type { Row } from '../fields';

/** One field's difference; a secret field says only that it changed. */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
  secret?: boolean;
}

export type HistoryAction = 'create' | 'update' | 'delete' | 'restore' | 'undo' | 'purge' | 'grant';

/** One recorded change of a row (server: modules/history). */
export interface HistoryEntry {
  id: string;
  resource: string;
  rowId: string;
  action: HistoryAction;
  changes: FieldChange[];
  /** The change a restore went back to, or the change an undo took back. */
  reverts: string | null;
  requestId: string | null;
  createBy: string | null;
  createTime: string;
}

const LOG = '/blade-log';

/** The check (or the outcome) of an import. */
export type ImportAnswer = ImportOutcome;

/** Every call of the history dialog, the recycle bin and the 数据变更 screen. */
export const historyApi = {
  timeline: (resource: string, id: string) =>
    getData<HistoryEntry[]>(`${LOG}/history/timeline`, { params: { resource, id } }),
  restore: (resource: string, id: string, mode: 'version' | 'undo') =>
    getData<null>(`${LOG}/history/restore`, { method: 'POST', body: { resource, id, mode } }),
  page: (params: Params) => getData<Page<HistoryEntry>>(`${LOG}/history/page`, { params }),
  removed: (resource: string, current: number, size: number) =>
    getData<Page<Row>>(`${LOG}/recycle/page`, { params: { resource, current, size } }),
  restoreRemoved: (resource: string, ids: readonly string[]) =>
    getData<{ restored: number }>(`${LOG}/recycle/restore`, {
      method: 'POST',
      params: { resource, ids: ids.join(',') },
    }),
  importSheet: (resource: string, file: File, mode: 'check' | 'import') => {
    const body = new FormData();
    body.append('file', file);
    return getData<ImportAnswer | { job: ImportJob }>(`${LOG}/data/import`, {
      method: 'POST',
      params: { resource, mode },
      body,
    });
  },
  importJob: (resource: string, id: string) =>
    getData<ImportJob>(`${LOG}/data/import/job`, { params: { resource, id } }),
  latestImport: (resource: string) =>
    getData<ImportJob | null>(`${LOG}/data/import/latest`, { params: { resource } }),
  runImport: (resource: string, id: string) =>
    getData<ImportJob>(`${LOG}/data/import/run`, { method: 'POST', params: { resource, id } }),
  dismissImport: (resource: string, id: string) =>
    getData<null>(`${LOG}/data/import/dismiss`, { method: 'POST', params: { resource, id } }),
  purge: (resource: string, ids: readonly string[]) =>
    getData<{ purged: number }>(`${LOG}/recycle/purge`, {
      method: 'POST',
      params: { resource, ids: ids.join(',') },
    }),
};
