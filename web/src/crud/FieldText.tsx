import type { FieldDef, ResourceDef } from '@blade/schema';
import type { ReactNode } from 'react';
import { type Option, optionLabel } from './dictionary';
import { useCrudText } from './i18n';
import { formatCents } from './money';
import { useDictionary } from './useDictionary';
import { type RefOptions, useRefOptions } from './useRefOptions';

/** Rich text's words without its markup (parsed inertly: nothing in it runs or loads). */
const plainText = (html: string): string =>
  (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').trim();

/** What an empty value reads as in lists and view dialogs. */
export const EMPTY_TEXT = '-';

/** What a value is read with: its field's options and ref names, and the label of the language. */
export interface ReadContext {
  options: Option[];
  refs: RefOptions | null;
  label: (text: { zh: string; en: string }) => string;
}

/**
 * A stored value as a person reads it: dictionary labels, the names of referenced rows, money in
 * yuan; `empty` is shown for no value (view dialogs show "-", lists leave the cell blank).
 */
export function readValue(field: FieldDef, value: unknown, read: ReadContext, empty = ''): ReactNode {
  const { options, refs, label } = read;
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
  return text === '' ? empty : text;
}

/** One value read as readValue does, loading its field's options itself (dialogs, history). */
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
  return <>{readValue(field, value, { options, refs, label }, empty)}</>;
}
