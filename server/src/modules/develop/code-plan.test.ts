import { resources, withScreens } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { nextSort } from '../../db/seed/menu-tree.js';
import { generateFiles } from './code-generator.js';
import {
  AUDIT_COLUMNS,
  type CodeRecord,
  fieldNameOf,
  hasUsablePrimaryKey,
  literalDefault,
  planCode,
  resourceNameOf,
  servedResource,
  servingProblems,
} from './code-plan.js';
import { displayWidth, quote } from './code-render.js';
import type { ColumnInfo, TableInfo } from './introspect.js';

const column = (name: string, dbType: string, extra: Partial<ColumnInfo> = {}): ColumnInfo => ({
  name,
  dbType,
  nullable: true,
  defaultValue: null,
  primaryKey: false,
  length: null,
  scale: null,
  comment: null,
  ...extra,
});

const audit = AUDIT_COLUMNS.map((c) => column(c, c.endsWith('time') ? 'timestamp' : 'bigint'));

const record = (extra: Partial<CodeRecord> = {}): CodeRecord => ({
  id: 1,
  datasourceId: '0',
  codeName: '小部件',
  moduleName: 'shop',
  tableName: 'shop_widget_item',
  tablePrefix: 'shop_',
  pkName: 'id',
  apiPath: '/blade-shop/widget-item',
  baseMode: true,
  tenantMode: true,
  ...extra,
});

const table = (columns: ColumnInfo[], dialect: 'sqlite' | 'postgres' = 'postgres'): TableInfo => ({
  name: 'shop_widget_item',
  dialect,
  comment: null,
  columns: [
    column('id', 'bigint', { primaryKey: true, nullable: false }),
    column('tenant_id', 'character varying(12)', { nullable: false, length: 12 }),
    ...columns,
    ...audit,
  ],
});

describe('names', () => {
  it('takes the resource name from the table minus its prefix, in camelCase', () => {
    expect(resourceNameOf('shop_widget_item', 'shop_')).toBe('widgetItem');
    expect(resourceNameOf('SHOP_widget', 'shop_')).toBe('widget');
    expect(resourceNameOf('widget', 'shop_')).toBe('widget');
    // A prefix that is the whole name is not stripped; a leading digit gets a letter.
    expect(resourceNameOf('shop_', 'shop_')).toBe('shop');
    expect(resourceNameOf('2fa_codes', '')).toBe('t2faCodes');
    expect(fieldNameOf('unit_price')).toBe('unitPrice');
  });

  it('quotes strings as the formatter would and counts wide characters twice', () => {
    expect(quote("it's")).toBe('"it\'s"');
    expect(quote('a\\b\nc')).toBe("'a\\\\b\\nc'");
    expect(quote('say "hi"')).toBe('\'say "hi"\'');
    expect(displayWidth('标题ab')).toBe(6);
  });

  it('reads literal defaults only', () => {
    expect(literalDefault("'basic'::character varying", 'text')).toBe('basic');
    expect(literalDefault("'it''s'", 'text')).toBe("it's");
    expect(literalDefault('0', 'int')).toBe(0);
    expect(literalDefault('true', 'flag')).toBe(1);
    expect(literalDefault('(12.50)', 'decimal')).toBe('12.50');
    expect(literalDefault("nextval('seq'::regclass)", 'int')).toBeUndefined();
    expect(literalDefault('CURRENT_TIMESTAMP', 'datetime')).toBeUndefined();
  });
});

describe('the plan of a table', () => {
  const plan = planCode(
    record(),
    table([
      column('title', 'character varying(200)', { nullable: false, length: 200, comment: '标题，必填' }),
      column('price', 'numeric(10,2)', { length: 10, scale: 2, comment: '单价' }),
      column('born', 'date'),
      column('photo', 'bytea'),
      column('note', 'text', { defaultValue: "''::text" }),
    ]),
  );

  it('declares the resource from the record and leaves key, tenant and audit columns to the server', () => {
    expect(plan.resource).toMatchObject({
      name: 'widgetItem',
      table: 'shop_widget_item',
      path: '/blade-shop/widget-item',
      label: { zh: '小部件', en: 'Widget item' },
      tenant: true,
      permission: 'widgetitem',
      endpoints: ['list', 'detail', 'remove', 'submit'],
      order: { field: 'createTime', direction: 'desc' },
    });
    expect(plan.resource.fields.map((f) => f.name)).toEqual(['title', 'price', 'born', 'note']);
    expect(plan.skipped).toEqual([{ column: 'photo', reason: 'binary' }]);
    expect(plan.menuPath).toBe('/shop/widgetitem');
    // no 'shop' folder in the menu: the screen goes last in the develop tools' folder
    expect(plan.resource.screen).toEqual({
      folder: 'tool',
      sort: nextSort('tool'),
      path: '/shop/widgetitem',
      icon: 'AppstoreOutlined',
    });
  });

  it('puts the screen in the folder of its module when the menu has one', () => {
    const mallPlan = planCode(record({ moduleName: 'Mall' }), plan.table);
    expect(mallPlan.resource.screen).toMatchObject({ folder: 'mall', sort: nextSort('mall') });
    expect(nextSort('mall')).toBeGreaterThan(
      Math.max(
        ...withScreens(Object.values(resources)).map((r) => (r.screen.folder === 'mall' ? r.screen.sort : 0)),
      ),
    );
  });

  it('labels fields with the first phrase of their comment and requires NOT NULL columns without default', () => {
    const [title, price, , note] = plan.resource.fields;
    expect(title).toMatchObject({
      label: { zh: '标题', en: 'Title' },
      required: { zh: '请输入标题', en: 'Enter the title' },
      max: 200,
      search: 'like',
    });
    expect(price).toMatchObject({ type: 'decimal', label: { zh: '单价', en: 'Price' } });
    expect(price!.required).toBeUndefined();
    expect(note).toMatchObject({ type: 'longtext', default: '', list: false });
  });

  it('gives the menu a button per action, coded <permission>_<action>, calling the endpoints', () => {
    expect(plan.menu).toMatchObject({ code: 'widgetitem', path: '/shop/widgetitem', category: 1 });
    expect(plan.menu.children!.map((b) => [b.code, b.path])).toEqual([
      ['widgetitem_add', '/api/blade-shop/widget-item/submit'],
      ['widgetitem_edit', '/api/blade-shop/widget-item/submit'],
      ['widgetitem_delete', '/api/blade-shop/widget-item/remove'],
      ['widgetitem_view', '/api/blade-shop/widget-item/detail'],
    ]);
  });

  it('serves in place only the columns the generic layer round-trips (PostgreSQL date is left out)', () => {
    expect(servingProblems(plan)).toEqual([]);
    expect(servedResource(plan).fields.map((f) => f.name)).toEqual(['title', 'price', 'note']);
  });

  it('writes the files of our architecture and says where each goes', () => {
    const files = generateFiles(plan, 12);
    expect(files.map((f) => f.path)).toEqual([
      'schema/src/resources/shop-widget-item.ts',
      'server/src/db/migrations/0012-widget-item.ts',
      'README.md',
    ]);
    const [declaration, migration, readme] = files.map((f) => f.content);
    expect(declaration).toContain('export const widgetItem: ResourceDef = {');
    expect(declaration).toContain("text('title', t('标题', 'Title'), {");
    expect(migration).toContain(".addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())");
    expect(migration).toContain(".addColumn('price', 'decimal(10, 2)')");
    expect(migration).toContain("columns(['tenant_id', 'create_time'])");
    expect(migration).not.toContain('photo');
    // the declaration carries its screen: no menu seed line to add
    expect(declaration).toContain(
      `  screen: { folder: 'tool', sort: ${nextSort('tool')}, path: '/shop/widgetitem', icon: 'AppstoreOutlined' },`,
    );
    expect(readme).not.toContain('menu-tree.ts');
    // a tenant-owned declaration scopes its table by itself: no list in tables.ts to edit
    expect(readme).not.toContain('tables.ts');
    // the screen's menu code finds the declaration's page: no web page table to edit
    expect(readme).not.toContain('pages.ts');
    expect(readme).toContain('`photo`: binary data');
  });
});

describe('what registration needs', () => {
  it('names each missing piece', () => {
    const bare = planCode(record({ baseMode: false }), {
      name: 'shop_widget_item',
      dialect: 'sqlite',
      comment: null,
      columns: [
        column('id', 'integer', { primaryKey: true }),
        column('title', 'varchar(20)', { length: 20 }),
      ],
    });
    const problems = servingProblems(bare).map((p) => p.en);
    expect(problems).toEqual([
      'the generic endpoints need the audit columns; turn on audit columns',
      `the audit columns ${AUDIT_COLUMNS.join(', ')} are missing`,
      'a tenant-owned table needs a tenant_id column',
    ]);
  });

  it('refuses a key that is missing, composite, misnamed or not a number', () => {
    const keyed = (columns: ColumnInfo[]) => ({
      name: 't',
      dialect: 'sqlite' as const,
      comment: null,
      columns,
    });
    expect(hasUsablePrimaryKey(record(), keyed([column('id', 'bigint', { primaryKey: true })]))).toBe(true);
    expect(hasUsablePrimaryKey(record(), keyed([column('id', 'bigint')]))).toBe(false);
    expect(
      hasUsablePrimaryKey(
        record(),
        keyed([column('id', 'bigint', { primaryKey: true }), column('k', 'int', { primaryKey: true })]),
      ),
    ).toBe(false);
    expect(
      hasUsablePrimaryKey(record({ pkName: 'code' }), keyed([column('id', 'bigint', { primaryKey: true })])),
    ).toBe(false);
    expect(hasUsablePrimaryKey(record(), keyed([column('id', 'varchar(36)', { primaryKey: true })]))).toBe(
      false,
    );
  });
});
