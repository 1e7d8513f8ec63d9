import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../core/errors.js';

/** What an upload is for: any allowed file, an image (banners, covers), or an avatar (jpg/png, 500 KB). */
export type UploadPurpose = 'file' | 'image' | 'avatar';

/** What may be uploaded, by the type its bytes show (not its name). */
const ALLOWED: Record<string, { mime: string; aliases?: string[] }> = {
  jpg: { mime: 'image/jpeg', aliases: ['jpeg'] },
  png: { mime: 'image/png' },
  gif: { mime: 'image/gif' },
  webp: { mime: 'image/webp' },
  bmp: { mime: 'image/bmp' },
  pdf: { mime: 'application/pdf' },
  zip: { mime: 'application/zip' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  cfb: { mime: 'application/x-cfb', aliases: ['doc', 'xls', 'ppt'] },
  mp4: { mime: 'video/mp4' },
  mp3: { mime: 'audio/mpeg' },
  wav: { mime: 'audio/wav' },
};

/** Text files have no signature: accepted by name when their bytes are plain UTF-8 text. */
const TEXT: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  log: 'text/plain',
};

const IMAGES = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp']);

/** Extensions uploads are stored under that are not images: documents, media, archives, text. */
const STORED_NON_IMAGES = new Set(
  [
    ...Object.entries(ALLOWED).flatMap(([ext, rule]) => [ext, ...(rule.aliases ?? [])]),
    ...Object.keys(TEXT),
  ].filter((ext) => !IMAGES.has(ext)),
);

/**
 * Whether a link names one of our stored uploads that is not an image. A stored object's name
 * ends with the extension its sniffed content gave it (local disk and object storage alike), so
 * a PDF uploaded as a "banner image" is recognised; other links are the tenant's own choice.
 */
export function isStoredNonImage(link: string): boolean {
  const path = link.split('?')[0]!.split('#')[0]!;
  return STORED_NON_IMAGES.has(extensionOf(path.slice(path.lastIndexOf('/') + 1)));
}

/**
 * Types a browser shows without running anything (images, audio, video, plain text); every other
 * stored file is served as a download.
 */
export function showsInline(extension: string): boolean {
  const type = contentTypeOf(extension);
  return /^(image|audio|video)\//.test(type) || type.startsWith('text/plain');
}

export interface CheckedFile {
  extension: string;
  contentType: string;
}

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot >= 0
    ? name
        .slice(dot + 1)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')
    : '';
};

/**
 * The type of an upload from its bytes; refuses what is not allowed, what claims another type
 * by its name, and anything a browser could run (HTML, SVG, scripts, executables).
 */
export async function checkFile(
  body: Buffer,
  originalName: string,
  purpose: UploadPurpose,
): Promise<CheckedFile> {
  const named = extensionOf(originalName);
  const detected = await fileTypeFromBuffer(body);
  if (purpose === 'avatar') {
    if (!detected || !['jpg', 'png'].includes(detected.ext) || !['jpg', 'jpeg', 'png'].includes(named)) {
      throw new AppError(400, 'avatarType');
    }
  }
  if (purpose === 'image' && (!detected || !IMAGES.has(detected.ext)))
    throw new AppError(400, 'imageType', { type: detected?.ext ?? (named || '?') });
  if (detected) {
    const rule = ALLOWED[detected.ext];
    if (!rule) throw new AppError(400, 'fileTypeRefused', { type: detected.ext });
    const names = [detected.ext, ...(rule.aliases ?? [])];
    if (named && !names.includes(named))
      throw new AppError(400, 'fileTypeMismatch', { named, actual: detected.ext });
    return { extension: named || detected.ext, contentType: rule.mime };
  }
  const text = TEXT[named];
  if (text && isPlainText(body)) return { extension: named, contentType: `${text}; charset=utf-8` };
  throw new AppError(400, 'fileTypeRefused', { type: named || '?' });
}

function isPlainText(body: Buffer): boolean {
  if (body.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return false;
  }
  const head = body.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
  return !head.startsWith('<') && !head.startsWith('#!');
}

export const contentTypeOf = (extension: string): string =>
  Object.entries(ALLOWED).find(([ext, r]) => ext === extension || r.aliases?.includes(extension))?.[1].mime ??
  (TEXT[extension] ? `${TEXT[extension]}; charset=utf-8` : 'application/octet-stream');
