import type { StoredFile } from '@blade/schema';
import { getData } from '../../api/http';

export type { StoredFile };

/** `image` makes the server accept images only (by their bytes); `avatar` only jpg/png up to 500 KB. */
export type UploadPurpose = 'file' | 'image' | 'avatar';

/** Stores a file through the tenant's enabled storage (multipart field `file`). */
export function putFile(file: File, purpose: UploadPurpose = 'file'): Promise<StoredFile> {
  const form = new FormData();
  form.append('file', file);
  return getData<StoredFile>('/blade-resource/oss/endpoint/put-file', {
    method: 'POST',
    body: form,
    params: purpose === 'file' ? undefined : { purpose },
  });
}
