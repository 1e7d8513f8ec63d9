import { basicAuth, bearer, buildUrl, type Params } from '../../api/http';
import { useLanguageStore } from '../../i18n';
import { useSession } from '../../store/session';

/** How far a streamed download is. */
export interface DownloadProgress {
  /** Bytes received so far. */
  received: number;
  /** Rows the server announced (x-total-count), or null. */
  rows: number | null;
  /** 0–100; never 100 before the last byte, since the size is only estimated without a length. */
  percent: number;
}

/** Rough compressed size of one exported row, for a progress estimate when no length is known. */
export const BYTES_PER_ROW = 48;
/** The zip's fixed parts (styles, sheet headers). */
const BASE_BYTES = 6_000;

/** The progress of a download from bytes received, the announced row count and the length if sent. */
export function downloadProgress(
  received: number,
  rows: number | null,
  length: number | null,
): DownloadProgress {
  const expected = length ?? (rows === null ? null : BASE_BYTES + rows * BYTES_PER_ROW);
  const percent = expected ? Math.min(99, Math.floor((received / expected) * 100)) : 0;
  return { received, rows, percent };
}

/** The file name of a Content-Disposition header (RFC 5987 filename* first), else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // a malformed escape falls through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

const numberHeader = (value: string | null): number | null => {
  const n = value === null ? Number.NaN : Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** The server's message of a refused download (its envelope's msg), else the status. */
async function refusalOf(res: Response): Promise<string> {
  const body: unknown = await res.json().catch(() => null);
  const msg = body && typeof body === 'object' ? (body as { msg?: unknown }).msg : undefined;
  return typeof msg === 'string' && msg ? msg : `HTTP ${res.status}`;
}

/**
 * Downloads a file the server streams, reporting progress as bytes arrive, and saves it. Sends the
 * client's headers itself (the token never goes in the address).
 */
export async function downloadFile(
  url: string,
  params: Params,
  fallbackName: string,
  onProgress: (p: DownloadProgress) => void,
): Promise<void> {
  const token = useSession.getState().token;
  const res = await fetch(buildUrl(url, params), {
    headers: {
      Authorization: basicAuth(),
      'Accept-Language': useLanguageStore.getState().language === 'en' ? 'en-US' : 'zh-CN',
      ...(token ? bearer(token) : {}),
    },
  });
  if (!res.ok || !res.body) throw new Error(await refusalOf(res));
  const rows = numberHeader(res.headers.get('x-total-count'));
  const length = numberHeader(res.headers.get('content-length'));
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(downloadProgress(received, rows, length));
  }
  onProgress({ received, rows, percent: 100 });
  const blob = new Blob(chunks as BlobPart[], { type: res.headers.get('content-type') ?? undefined });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
