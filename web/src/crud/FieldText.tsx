import type { FieldDef, ResourceDef } from '@blade/schema';
import { optionLabel } from './dictionary';
import { useCrudText } from './i18n';
import { formatCents } from './money';
import { useDictionary } from './useDictionary';
import { useRefOptions } from './useRefOptions';

/** Rich text's words without its markup (parsed inertly: nothing in it runs or loads). */
const plainText = (html: string): string =>
  (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();

/** What an empty value reads as in lists and view dialogs. */
export const EMPTY_TEXT = '-';

/**
 * A stored value as a person reads it: dictionary labels, the names of referenced rows, money in
 * yuan; `empty` is shown for no value (view dialogs show "-", lists leave the cell blank).
 */
export function FieldText({
  field,
  resource,
  value,
  empty = '',
}: {
  field: FieldDef;
  resource: ResourceDef;
  value: unknown;
  empty?: string;
}) {
  const options = useDictionary(field);
  const { label } = useCrudText();
  const refs = useRefOptions(field, resource);
  // Image links are declared http(s) or this site's paths (LINK_RULE), so they are safe to load.
  if (field.type === 'image' && typeof value === 'string' && value)
    return <img src={value} alt={label(field.label)} className="crud-view-image" style={{ maxHeight: 64 }} />;
  const named = field.named?.find((n) => value !== null && value !== '' && Number(value) === n.value);
  const text = named
    ? label(named.label)
    : refs
      ? refs.labelOf(value)
      : options.length > 0
        ? optionLabel(options, value)
        : field.type === 'money'
          ? formatCents(value)
          : field.type === 'richtext' && typeof value === 'string'
            ? plainText(value)
            : value === null || value === undefined
              ? ''
              : String(value);
  return <>{text === '' ? empty : text}</>;
}
