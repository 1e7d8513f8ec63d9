import { columnOf, type FieldDef, type FieldType, type ResourceDef, type Text } from '@blade/schema';
import type { DialectName } from '../../db/database.js';
import { declaredScreen, type MenuSeed, menuFolders, nextSort } from '../../db/seed/menu-tree.js';
import { AUDIT_COLUMNS } from '../../db/tables.js';
import type { ColumnInfo, TableInfo } from './introspect.js';

/** A code generator entry (blade_code row) as the generator reads it. */
export interface CodeRecord {
  id: number;
  datasourceId: string;
  codeName: string;
  moduleName: string;
  tableName: string;
  tablePrefix: string;
  pkName: string;
  apiPath: string;
  baseMode: boolean;
  tenantMode: boolean;
}

// The audit columns are recognised, never form fields.
export { AUDIT_COLUMNS };

const TENANT_COLUMN = 'tenant_id';

/** How one database type becomes a field, and whether our generic layer round-trips it as it is. */
export interface TypeMapping {
  type: FieldType;
  /** Migration column type for our architecture. */
  sqlType: string;
  /**
   * False where the generic layer would change values on their way in or out of that column in
   * place (PostgreSQL date, boolean, json, time): a registered resource leaves such a column out.
   */
  servable: boolean;
  /** Largest number of an `int` field, or longest text, when the type itself says. */
  max?: number;
}

/** Columns the generator leaves out of the declaration, and why. */
export type SkipReason = 'binary' | 'name';

const has = (pattern: RegExp, dbType: string) => pattern.test(dbType);

/**
 * The type mapping (documented in docs/code-generator.md). `undefined`: binary data, which the
 * generic pages cannot edit.
 */
export function mapType(column: ColumnInfo, dialect: DialectName): TypeMapping | undefined {
  const t = column.dbType.toLowerCase().trim();
  const pg = dialect === 'postgres';
  if (has(/^(blob|bytea|binary|varbinary|longblob|mediumblob|tinyblob)\b/, t)) return undefined;
  if (has(/^(bool|boolean|bit)\b/, t) || t === 'tinyint(1)')
    return { type: 'flag', sqlType: 'integer', servable: !pg };
  if (has(/^(bigint|int8|bigserial|serial8)\b/, t))
    return { type: 'int', sqlType: 'bigint', servable: true, max: Number.MAX_SAFE_INTEGER };
  if (has(/^(smallint|int2|tinyint|smallserial)\b/, t))
    return { type: 'int', sqlType: 'integer', servable: true, max: 32_767 };
  if (has(/^(int|integer|int4|mediumint|serial)\b/, t))
    return { type: 'int', sqlType: 'integer', servable: true };
  if (has(/^(numeric|decimal|real|float|double|money|float4|float8|number)\b/, t)) {
    const digits = Math.min(column.length ?? 18, 17);
    const scale = Math.min(column.scale ?? 4, 4, digits);
    return {
      type: 'decimal',
      sqlType: `decimal(${digits}, ${scale})`,
      servable: !(pg && t.startsWith('money')),
    };
  }
  if (t === 'date') return { type: 'date', sqlType: 'timestamp', servable: !pg };
  if (has(/^(timestamp|datetime)\b/, t)) return { type: 'datetime', sqlType: 'timestamp', servable: true };
  if (has(/^time\b/, t)) return { type: 'text', sqlType: 'varchar(16)', servable: !pg, max: 16 };
  if (has(/^(json|jsonb)\b/, t)) return { type: 'json', sqlType: 'text', servable: !pg };
  if (t === 'uuid') return { type: 'text', sqlType: 'varchar(36)', servable: true, max: 36 };
  if (has(/^(varchar|character varying|char|character|nchar|nvarchar|varying character|bpchar)\b/, t)) {
    if (column.length === null) return { type: 'longtext', sqlType: 'text', servable: true };
    return { type: 'text', sqlType: `varchar(${column.length})`, servable: true };
  }
  // text, clob, mediumtext, an empty SQLite type and anything else: long text.
  return { type: 'longtext', sqlType: 'text', servable: true };
}

/** The camelCase field of a snake_case column. */
export const fieldNameOf = (column: string): string =>
  column
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((part, i) => (i === 0 ? part : part[0]!.toUpperCase() + part.slice(1)))
    .join('');

/** 'unit_price' → 'Unit price'. */
export const humanize = (snake: string): string => {
  const words = snake
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .join(' ');
  return words ? words[0]!.toUpperCase() + words.slice(1) : snake;
};

/** 'widgetItem' → 'widget-item' (file names). */
export const kebab = (camel: string): string => camel.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The first phrase of a column comment, short enough for a label. */
function commentLabel(comment: string | null): string | undefined {
  const first = comment?.split(/[,，;；:：(（\n]/)[0]?.trim();
  return first ? [...first].slice(0, 20).join('') : undefined;
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max).trim() : text);

/** A simple literal default ('abc', 12, 'abc'::character varying); expressions give undefined. */
export function literalDefault(raw: string | null, type: FieldType): string | number | undefined {
  if (raw === null) return undefined;
  const text = raw.trim().replace(/^\((.*)\)$/, '$1');
  const quoted = /^'((?:[^']|'')*)'(?:::[\w\s]+)?$/.exec(text);
  const value = quoted ? quoted[1]!.replace(/''/g, "'") : text;
  if (type === 'flag' && /^(true|false)$/i.test(value)) return /^true$/i.test(value) ? 1 : 0;
  if (['int', 'flag'].includes(type)) return /^-?\d+$/.test(value) ? Number(value) : undefined;
  if (type === 'decimal') return /^-?\d+(\.\d+)?$/.test(value) ? value : undefined;
  if (type === 'text' || type === 'longtext') return quoted ? value : undefined;
  return undefined;
}

/** A column of the table as the generated code declares it. */
export interface PlannedColumn {
  column: ColumnInfo;
  field: FieldDef;
  mapping: TypeMapping;
}

/** What a code record and its table become: names, the declaration, its columns and its menu. */
export interface CodePlan {
  record: CodeRecord;
  table: TableInfo;
  /** Registry name, camelCase, from the table minus its prefix. */
  name: string;
  /** The exported constant of the declaration (the name, unless that is a reserved word). */
  identifier: string;
  /** kebab-case base of the generated files. */
  fileBase: string;
  /** Menu code and permission prefix: the name in lower case. */
  permission: string;
  /** The web route of the list page. */
  menuPath: string;
  resource: ResourceDef;
  columns: PlannedColumn[];
  skipped: Array<{ column: string; reason: SkipReason }>;
  menu: MenuSeed;
}

const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof let new null return static super switch this throw true try typeof var void while with yield'.split(
    ' ',
  ),
);

/** The registry name of a table: snake_case minus the record's prefix, in camelCase. */
export function resourceNameOf(tableName: string, prefix: string): string {
  const stripped =
    prefix && tableName.toLowerCase().startsWith(prefix.toLowerCase()) && tableName.length > prefix.length
      ? tableName.slice(prefix.length)
      : tableName;
  const name = fieldNameOf(stripped);
  return /^[a-z]/.test(name) ? name : `t${name}`;
}

const required = (type: FieldType, label: Text): Text =>
  ['flag', 'date', 'datetime'].includes(type)
    ? { zh: `请选择${label.zh}`, en: `Choose the ${label.en.toLowerCase()}` }
    : { zh: `请输入${label.zh}`, en: `Enter the ${label.en.toLowerCase()}` };

/** The field of one column (undefined with a reason when it cannot be one). */
function fieldOf(
  column: ColumnInfo,
  mapping: TypeMapping,
  searchable: boolean,
): FieldDef | { skip: SkipReason } {
  const name = fieldNameOf(column.name);
  if (!/^[a-z][A-Za-z0-9]*$/.test(name)) return { skip: 'name' };
  const en = clip(humanize(column.name), 40);
  const label: Text = { zh: commentLabel(column.comment) ?? en, en };
  const field: FieldDef = { name, type: mapping.type, label };
  const fallback = literalDefault(column.defaultValue, mapping.type);
  if (!column.nullable && fallback === undefined) field.required = required(mapping.type, label);
  if (mapping.type === 'text' && column.length) field.max = column.length;
  if (mapping.max !== undefined) field.max = mapping.max;
  if (fallback !== undefined) field.default = fallback;
  if (searchable) field.search = 'like';
  if (['longtext', 'json'].includes(mapping.type)) field.list = false;
  return field;
}

/**
 * Plans the generated resource of a code record from its table: the declaration (audit columns,
 * tenant_id and the primary key are recognised and left to the server), its migration columns
 * and its menu with one button per action. Pure: the same record and table give the same plan.
 */
export function planCode(record: CodeRecord, table: TableInfo): CodePlan {
  const name = resourceNameOf(record.tableName, record.tablePrefix);
  const permission = name.toLowerCase();
  const managed = new Set<string>([...AUDIT_COLUMNS, TENANT_COLUMN, record.pkName || 'id', 'id']);
  const columns: PlannedColumn[] = [];
  const skipped: CodePlan['skipped'] = [];
  let searches = 0;
  for (const column of table.columns) {
    if (managed.has(column.name.toLowerCase())) continue;
    const mapping = mapType(column, table.dialect);
    if (!mapping) {
      skipped.push({ column: column.name, reason: 'binary' });
      continue;
    }
    const field = fieldOf(column, mapping, mapping.type === 'text' && searches < 2);
    if ('skip' in field) {
      skipped.push({ column: column.name, reason: field.skip });
      continue;
    }
    if (field.search) searches++;
    columns.push({ column, field, mapping });
  }
  const label: Text = { zh: record.codeName, en: humanize(name) };
  const menuPath = `/${record.moduleName.toLowerCase()}/${permission}`;
  // The module's folder when the menu tree has one, else the develop tools' folder; last in it.
  const folder = menuFolders.has(record.moduleName.toLowerCase()) ? record.moduleName.toLowerCase() : 'tool';
  const screen = { folder, sort: nextSort(folder), path: menuPath, icon: 'AppstoreOutlined' };
  const resource: ResourceDef & { screen: typeof screen } = {
    name,
    table: record.tableName,
    path: record.apiPath,
    label,
    tenant: record.tenantMode,
    // A table without a tenant column is shared by every tenant, so only the platform writes it.
    owner: record.tenantMode ? 'tenant' : 'platform',
    permission,
    screen,
    endpoints: ['list', 'detail', 'remove', 'submit'],
    order: { field: 'createTime', direction: 'desc' },
    fields: columns.map((c) => c.field),
  };
  return {
    record,
    table,
    name,
    identifier: RESERVED.has(name) ? `${name}Resource` : name,
    fileBase: kebab(name),
    permission,
    menuPath,
    resource,
    columns,
    skipped,
    menu: declaredScreen(resource),
  };
}

/** Why a planned resource cannot be served by the running server as its table stands (empty: it can). */
export function servingProblems(plan: CodePlan): Text[] {
  const problems: Text[] = [];
  const columns = new Map(plan.table.columns.map((c) => [c.name, c]));
  const id = columns.get('id');
  if (!plan.record.baseMode)
    problems.push({
      zh: '通用接口需要基础业务字段，请勾选基础业务字段',
      en: 'the generic endpoints need the audit columns; turn on audit columns',
    });
  if (!id?.primaryKey || plan.table.columns.filter((c) => c.primaryKey).length !== 1)
    problems.push({ zh: '主键必须是单列 id', en: 'the primary key must be the single column id' });
  const missing = AUDIT_COLUMNS.filter((c) => !columns.has(c));
  if (missing.length)
    problems.push({
      zh: `缺少基础业务字段 ${missing.join(', ')}`,
      en: `the audit columns ${missing.join(', ')} are missing`,
    });
  if (plan.record.tenantMode && !columns.has(TENANT_COLUMN))
    problems.push({
      zh: '多租户的表需要 tenant_id 字段',
      en: 'a tenant-owned table needs a tenant_id column',
    });
  for (const c of plan.columns) {
    if (columnOf(c.field.name) !== c.column.name)
      problems.push({
        zh: `字段 ${c.column.name} 不是小写下划线命名`,
        en: `column ${c.column.name} is not snake_case`,
      });
    else if (!c.mapping.servable && !c.column.nullable && c.column.defaultValue === null)
      problems.push({
        zh: `必填字段 ${c.column.name}（${c.column.dbType}）的类型无法直接读写`,
        en: `the required column ${c.column.name} (${c.column.dbType}) cannot be written as it is`,
      });
  }
  for (const s of plan.skipped) {
    const column = columns.get(s.column);
    if (column && !column.nullable && column.defaultValue === null)
      problems.push({
        zh: `必填字段 ${s.column} 不能作为表单字段`,
        en: `the required column ${s.column} cannot be a form field`,
      });
  }
  return problems;
}

/** The declaration the running server serves: columns it cannot round-trip are left out. */
export function servedResource(plan: CodePlan): ResourceDef {
  const served = new Set(plan.columns.filter((c) => c.mapping.servable).map((c) => c.field.name));
  return { ...plan.resource, fields: plan.resource.fields.filter((f) => served.has(f.name)) };
}

/** Whether the table's primary key is the record's pkName: one whole-number column. */
export function hasUsablePrimaryKey(record: CodeRecord, table: TableInfo): boolean {
  const keys = table.columns.filter((c) => c.primaryKey);
  return (
    keys.length === 1 &&
    keys[0]!.name === (record.pkName || 'id') &&
    /int|serial|number/i.test(keys[0]!.dbType)
  );
}
