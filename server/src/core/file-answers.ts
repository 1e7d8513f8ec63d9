/** Answers that are files, not JSON (downloads, a stream), as the document shows them. */
import { z } from 'zod';
import { type FailureStatus, failures } from './route-schema.js';

/** The media type of the .xlsx downloads. */
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file answer (a download, not JSON), as the document shows it; typed loosely, as a handler sends a stream or bytes. */
export const fileAnswer = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } },
});

/** The answers of a download: the file, and the failures it can give besides the usual ones. */
export function downloads(mediaType: string, description: string, ...statuses: FailureStatus[]) {
  return { 200: fileAnswer(mediaType, description), ...failures(...statuses) };
}
