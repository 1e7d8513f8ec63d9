import type { FieldDef, ResourceDef } from '@blade/schema';
import { optionLabel } from './dictionary';
import { useDictionary } from './useDictionary';
import { useRefOptions } from './useRefOptions';

/** A stored value as a person reads it: dictionary labels and the names of referenced rows. */
export function FieldText({
  field,
  resource,
  value,
}: {
  field: FieldDef;
  resource: ResourceDef;
  value: unknown;
}) {
  const options = useDictionary(field);
  const refs = useRefOptions(field, resource);
  if (refs) return <>{refs.labelOf(value)}</>;
  if (options.length > 0) return <>{optionLabel(options, value)}</>;
  return <>{value === null || value === undefined ? '' : String(value)}</>;
}
