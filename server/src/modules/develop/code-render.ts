import { columnOf, type FieldDef, type ScreenDef, screenFolder, type Text } from '@blade/schema';
import type { CodePlan } from './code-plan.js';

/**
 * Source text of the generated files, written the way Biome formats them (2 spaces, single
 * quotes, trailing commas, 110 columns), so that generated code passes `biome check` as it is.
 */

const WIDTH = 110;

/** Display width as the formatter counts it: East Asian wide characters take two columns. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const wide =
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      (code >= 0x20000 && code <= 0x3fffd);
    width += wide ? 2 : 1;
  }
  return width;
}

/** A string literal with the quote that needs fewer escapes (single when equal). */
export function quote(text: string): string {
  const singles = (text.match(/'/g) ?? []).length;
  const doubles = (text.match(/"/g) ?? []).length;
  const mark = singles > doubles ? '"' : "'";
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(new RegExp(mark, 'g'), `\\${mark}`)
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes
    .replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `${mark}${escaped}${mark}`;
}

const fits = (line: string) => displayWidth(line) <= WIDTH;

/** `head fn(a, b)tail` on one line when it fits, else one argument per line. */
function callLines(indent: string, head: string, fn: string, args: string[], tail: string): string[] {
  const one = `${indent}${head}${fn}(${args.join(', ')})${tail}`;
  if (fits(one)) return [one];
  return [`${indent}${head}${fn}(`, ...args.map((a) => `${indent}  ${a},`), `${indent})${tail}`];
}

const textArgs = (text: Text) => [quote(text.zh), quote(text.en)];

/** `key: value,` for a plain value. */
const plain = (indent: string, key: string, value: string | number | boolean) =>
  `${indent}${key}: ${typeof value === 'string' ? quote(value) : String(value)},`;

/** A number as source; the largest safe integer by its name. */
const numberSource = (n: number): string =>
  n === Number.MAX_SAFE_INTEGER ? 'Number.MAX_SAFE_INTEGER' : String(n);

/** The option properties of a field other than name, type and label, in declaration order. */
function fieldOptions(field: FieldDef, indent: string): string[] {
  const lines: string[] = [];
  if (field.required) lines.push(...callLines(indent, 'required: ', 't', textArgs(field.required), ','));
  if (field.max !== undefined) lines.push(`${indent}max: ${numberSource(field.max)},`);
  if (field.default !== undefined) lines.push(plain(indent, 'default', field.default));
  if (field.search) lines.push(plain(indent, 'search', field.search));
  if (field.list === false) lines.push(plain(indent, 'list', false));
  return lines;
}

/** One field of the declaration: `text(…)` for text fields when it reads on one line, else an object. */
function fieldSource(field: FieldDef, indent: string): string[] {
  const inner = `${indent}  `;
  const options = fieldOptions(field, inner);
  if (field.type === 'text') {
    const head = `${indent}text(${quote(field.name)}, t(${textArgs(field.label).join(', ')})`;
    if (options.length === 0 && fits(`${head}),`)) return [`${head}),`];
    if (options.length > 0 && fits(`${head}, {`)) return [`${head}, {`, ...options, `${indent}}),`];
  }
  return [
    `${indent}{`,
    plain(inner, 'name', field.name),
    plain(inner, 'type', field.type),
    ...callLines(inner, 'label: ', 't', textArgs(field.label), ','),
    ...options,
    `${indent}},`,
  ];
}

/** The `screen` property: the folder, place, route and icon of the resource's menu screen. */
function screenSource(screen: ScreenDef | undefined): string[] {
  if (!screen) return [];
  // Written only where it is not the path's first part, as in the hand-written declarations.
  const folder = screen.folder === screenFolder({ path: screen.path }) ? undefined : screen.folder;
  const one = `  screen: { ${folder ? `folder: ${quote(folder)}, ` : ''}sort: ${screen.sort}, path: ${quote(screen.path)}, icon: ${quote(screen.icon)} },`;
  if (fits(one)) return [one];
  return [
    '  screen: {',
    ...(folder ? [plain('    ', 'folder', folder)] : []),
    plain('    ', 'sort', screen.sort),
    plain('    ', 'path', screen.path),
    plain('    ', 'icon', screen.icon),
    '  },',
  ];
}

/** schema/src/resources/<module>-<name>.ts: the declaration. */
export function renderDeclaration(plan: CodePlan): string {
  const r = plan.resource;
  const usesText = r.fields.some((f) => fieldSource(f, '    ')[0]!.trimStart().startsWith('text('));
  const lines = [
    "import type { ResourceDef } from '../registry.js';",
    `import { ${usesText ? 't, text' : 't'} } from './fields.js';`,
    '',
    `/** ${r.label.zh}: generated from table ${plan.record.tableName} (module ${plan.record.moduleName}). */`,
    `export const ${plan.identifier}: ResourceDef = {`,
    plain('  ', 'name', r.name),
    plain('  ', 'table', r.table),
    plain('  ', 'path', r.path),
    ...callLines('  ', 'label: ', 't', textArgs(r.label), ','),
    plain('  ', 'tenant', r.tenant),
    plain('  ', 'owner', r.owner),
    plain('  ', 'permission', r.permission),
    ...screenSource(r.screen),
    `  endpoints: [${r.endpoints.map(quote).join(', ')}],`,
    `  order: { field: ${quote(r.order!.field)}, direction: ${quote(r.order!.direction)} },`,
  ];
  if (r.fields.length === 0) lines.push('  fields: [],');
  else lines.push('  fields: [', ...r.fields.flatMap((f) => fieldSource(f, '    ')), '  ],');
  lines.push('};', '');
  return lines.join('\n');
}

/** `.addColumn(…)` of one column inside the table builder chain, as lines. */
interface ColumnOptions {
  notNull?: boolean;
  default?: string | number;
  primary?: boolean;
}

function columnLines(name: string, type: string, options: ColumnOptions, tail: string): string[] {
  const steps = [
    ...(options.primary ? ['primaryKey()'] : []),
    ...(options.notNull ? ['notNull()'] : []),
    ...(options.default !== undefined
      ? [`defaultTo(${typeof options.default === 'string' ? quote(options.default) : options.default})`]
      : []),
  ];
  const indent = '      ';
  const args = [quote(name), quote(type)];
  const builder = steps.length ? `(c) => c.${steps.join('.')}` : undefined;
  const one = `${indent}.addColumn(${[...args, ...(builder ? [builder] : [])].join(', ')})${tail}`;
  if (fits(one)) return [one];
  // The formatter first moves the arrow's body down, then, if the head still does not fit, every argument.
  const head = `${indent}.addColumn(${args.join(', ')}, (c) =>`;
  if (builder && fits(head)) return [head, `${indent}  c.${steps.join('.')},`, `${indent})${tail}`];
  return callLines(indent, '.', 'addColumn', [...args, ...(builder ? [builder] : [])], tail);
}

/** server/src/db/migrations/NNNN-<name>.ts: the table in our migration style. */
export function renderMigration(plan: CodePlan): string {
  const table = plan.record.tableName;
  const columns: Array<[string, string, ColumnOptions]> = [['id', 'bigint', { primary: true }]];
  if (plan.resource.tenant) columns.push(['tenant_id', 'varchar(12)', { notNull: true }]);
  for (const c of plan.columns)
    columns.push([
      columnOf(c.field.name),
      c.mapping.sqlType,
      { notNull: !c.column.nullable, default: c.field.default },
    ]);
  const last = columns.length - 1;
  const indexColumns = [...(plan.resource.tenant ? ['tenant_id'] : []), 'create_time'];
  const indexName = `idx_${table}_${indexColumns.join('_')}`;
  const oneLineIndex = `  await db.schema.createIndex(${quote(indexName)}).on(${quote(table)}).columns([${indexColumns.map(quote).join(', ')}]).execute();`;
  const index = fits(oneLineIndex)
    ? [oneLineIndex]
    : [
        '  await db.schema',
        `    .createIndex(${quote(indexName)})`,
        `    .on(${quote(table)})`,
        `    .columns([${indexColumns.map(quote).join(', ')}])`,
        '    .execute();',
      ];
  return [
    "import type { Kysely } from 'kysely';",
    "import { withAudit } from './0001-core.js';",
    '',
    "// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types",
    'type Db = Kysely<any>;',
    '',
    `/** ${plan.resource.label.zh} (${plan.resource.label.en}): the table of the generated resource ${plan.name}. */`,
    'export async function up(db: Db): Promise<void> {',
    '  await withAudit(',
    '    db.schema',
    `      .createTable(${quote(table)})`,
    ...columns.flatMap(([name, type, options], i) => columnLines(name, type, options, i === last ? ',' : '')),
    '  ).execute();',
    '  // The default order of the list (newest first), within the tenant for tenant-owned rows.',
    ...index,
    '}',
    '',
  ].join('\n');
}
