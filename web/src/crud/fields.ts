import { type FieldDef, NUMERIC_TYPES, type ResourceDef } from '@blade/schema';

/** A row as the server sends it: camelCase keys, ids as strings. */
export type Row = Record<string, unknown> & { id?: string };

export type FormMode = 'add' | 'edit' | 'view';

/** Whether the field's wire value is a number. */
export const isNumeric = (field: FieldDef): boolean => NUMERIC_TYPES.has(field.type);

export const listFields = (resource: ResourceDef): FieldDef[] =>
  resource.fields.filter((f) => f.list !== false && !f.secret);

export const searchFields = (resource: ResourceDef): FieldDef[] => resource.fields.filter((f) => f.search);

/**
 * Fields of the add/edit/view dialog: declared form fields on add and edit (secrets only on add,
 * since they are never sent back), declared detail fields on view.
 */
export function dialogFields(resource: ResourceDef, mode: FormMode): FieldDef[] {
  if (mode === 'view') return resource.fields.filter((f) => f.detail !== false && !f.secret);
  return resource.fields.filter((f) => f.form !== false && (mode === 'add' || !f.secret));
}

export const isDisabled = (field: FieldDef, mode: FormMode): boolean =>
  mode === 'view' || (mode === 'add' && !!field.disabledOnAdd) || (mode === 'edit' && !!field.disabledOnEdit);

/** The field a row is named by in pickers, shared with the server's spreadsheets. */
export { labelFieldOf } from '@blade/schema';

export interface DeriveOptions {
  /** Field names shown as columns, in this order (the others get `list: false`). */
  list?: string[];
  /** Field names in the add/edit dialog (the others get `form: false`). */
  form?: string[];
  /** Changes to single fields (disabled flags, labels, patterns). */
  fields?: Record<string, Partial<FieldDef>>;
  ui?: ResourceDef['ui'];
}

/**
 * A page's view of a declaration: which fields it lists and edits and small per-field changes.
 * Special pages use it instead of copying the declaration, so messages and labels stay the registry's.
 */
export function deriveResource(resource: ResourceDef, options: DeriveOptions): ResourceDef {
  const { list, form, fields = {} } = options;
  const changed = resource.fields.map(
    (f): FieldDef => ({
      ...f,
      ...(list ? { list: list.includes(f.name) } : {}),
      ...(form ? { form: form.includes(f.name) } : {}),
      ...fields[f.name],
    }),
  );
  const ordered = list
    ? [
        ...list.map((name) => changed.find((f) => f.name === name)).filter((f): f is FieldDef => !!f),
        ...changed.filter((f) => !list.includes(f.name)),
      ]
    : changed;
  return { ...resource, fields: ordered, ui: { ...resource.ui, ...options.ui } };
}

/** A new row's starting values: the declared defaults of the form's fields. */
export function declaredDefaults(resource: ResourceDef): Row {
  const out: Row = {};
  for (const f of dialogFields(resource, 'add')) if (f.default !== undefined) out[f.name] = f.default;
  return out;
}
