import { type Envelope, getData, request } from '../../api/http';
import type { Row } from '../../crud/fields';
import { resourceNamed } from '../../crud/registry';
import { type DownloadProgress, downloadFile } from '../mall/download';
import type { ParamValue, ReportDesign, ReportRows } from './reportDesign';
import { sentValues } from './reportDesign';

export const report = resourceNamed('report');
const BASE = report.path;

/** Runs an unsaved design (the designer's preview). */
export const previewReport = (
  design: ReportDesign,
  values: Record<string, ParamValue>,
): Promise<ReportRows> =>
  getData<ReportRows>(`${BASE}/preview`, { method: 'POST', body: { design, params: sentValues(values) } });

/** Runs a saved report with parameter values. */
export const runReport = (id: string, values: Record<string, ParamValue>): Promise<ReportRows> =>
  getData<ReportRows>(`${BASE}/run`, { method: 'POST', body: { id, params: sentValues(values) } });

export const reportDetail = (id: string): Promise<Row> => getData<Row>(`${BASE}/detail`, { params: { id } });

/** Downloads a saved report as .xlsx; a refusal rejects with the server's message. */
export const exportReport = (
  id: string,
  name: string,
  values: Record<string, ParamValue>,
  onProgress: (p: DownloadProgress) => void,
): Promise<void> =>
  downloadFile(
    `${BASE}/export`,
    { id, params: JSON.stringify(sentValues(values)) },
    `${name}.xlsx`,
    onProgress,
  );

export interface DataSourceOption {
  id: string;
  name: string;
}

/**
 * The configured data sources (their list is for administrators; anyone else designs on the
 * built-in database only, so a refusal is not an error to show).
 */
export async function configuredDataSources(): Promise<DataSourceOption[]> {
  const answer = await request<Envelope<Row[]> | null>('/blade-develop/datasource/select', {
    raw: true,
  }).catch(() => null);
  if (answer?.code !== 200 || !Array.isArray(answer.data)) return [];
  return answer.data.map((r) => ({ id: String(r.id), name: String(r.name ?? r.id) }));
}
