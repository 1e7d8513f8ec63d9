import type { ResourceDef } from '@blade/schema';
import { ApiError, basicAuth, buildUrl, errorMessage, getData } from '../../api/http';
import type { Row } from '../../crud/fields';
import { useLanguageStore } from '../../i18n';
import { useSession } from '../../store/session';
import { fileNameOf } from '../mall/download';

const BASE = '/blade-develop/code';

/** One generated file as the preview answers it. */
export interface GeneratedFile {
  path: string;
  content: string;
  language: 'typescript' | 'markdown';
}

/** A resource registered in the running server, as the web shows it. */
export interface RegisteredView {
  menuPath: string;
  resource: ResourceDef;
}

export const previewCode = async (id: string): Promise<GeneratedFile[]> =>
  (await getData<{ files: GeneratedFile[] }>(`${BASE}/preview`, { params: { id } })).files;

export const copyCode = (id: string): Promise<Row> =>
  getData<Row>(`${BASE}/copy`, { method: 'POST', params: { id } });

/** gen-code with `system`: registers the records' resources in the running server. */
export const registerCode = (ids: readonly string[]) =>
  getData<{ registered: Array<{ name: string; path: string; menuPath: string }> }>(`${BASE}/gen-code`, {
    method: 'POST',
    params: { ids: ids.join(','), system: 'true' },
  });

/** The declarations registered at run time, for pages the web did not know when it was built. */
export const registeredResources = (): Promise<RegisteredView[]> =>
  getData<RegisteredView[]>(`${BASE}/resources`);

/** gen-code: downloads the records' generated files as a .zip (a refusal rejects with its message). */
export async function downloadCode(ids: readonly string[]): Promise<void> {
  const token = useSession.getState().token;
  const res = await fetch(buildUrl(`${BASE}/gen-code`, { ids: ids.join(',') }), {
    method: 'POST',
    headers: {
      Authorization: basicAuth(),
      'Accept-Language': useLanguageStore.getState().language === 'en' ? 'en-US' : 'zh-CN',
      ...(token ? { 'Blade-Auth': `bearer ${token}` } : {}),
    },
  });
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes('zip')) {
    const body: unknown = await res.json().catch(() => null);
    throw new ApiError(res.status, errorMessage(body), body);
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await res.blob());
  link.download = fileNameOf(res.headers.get('content-disposition'), 'code.zip');
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
