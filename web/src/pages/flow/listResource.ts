import type { FieldDef, FieldType, ResourceDef, Text } from '@blade/schema';

/** A list column: name, type (dictionary for enums) and its label in both languages. */
export type Column = [name: string, zh: string, en: string, type?: FieldType, dict?: string];

/**
 * The generic list page's view of a workflow list. The workflow screens are not registry
 * resources (their rows come from the engine's tables), so the declaration is read-only and its
 * permission prefix grants no generic button: each page adds its own buttons by their codes.
 */
export function listResource(name: string, label: Text, columns: readonly Column[]): ResourceDef {
  return {
    name,
    table: name,
    path: `/blade-flow/${name}`,
    label,
    tenant: true,
    owner: 'tenant',
    permission: `flow_list_${name}`,
    endpoints: ['list'],
    fields: columns.map(
      ([field, zh, en, type = 'text', dict]): FieldDef => ({
        name: field,
        type,
        label: { zh, en },
        form: false,
        ...(dict ? { dict } : {}),
      }),
    ),
    ui: { view: false, menuWidth: 260 },
  };
}
