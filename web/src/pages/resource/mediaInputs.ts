import type { ResourceDef } from '@blade/schema';
import type { CustomInput } from '../../crud/FormDialog';
import { FileInput, ImageInput } from './UploadInput';

/** Upload controls for every image and file field of a declaration, by field name. */
export function mediaInputs(resource: ResourceDef): Record<string, CustomInput> {
  const out: Record<string, CustomInput> = {};
  for (const field of resource.fields) {
    if (field.type === 'image') out[field.name] = ImageInput;
    else if (field.type === 'file') out[field.name] = FileInput;
  }
  return out;
}
