import { type MenuNode, type ResourceDef, resources } from '@blade/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../test/harness.js';
import { migrationFolderWith } from '../test/migration-folder.js';

/**
 * A simple tenant resource is two files, its declaration and its migration: the declaration is made
 * here and added to the registry every part of the server reads (as an area module's export is);
 * the migration is a file written into a migrations folder, which the server finds by listing the
 * folder (db/migration-files.test.ts shows the bundle finds the same files). Nothing else names it,
 * yet it is scoped, seeded, served and documented.
 */
const note: ResourceDef = {
  name: 'caseNote',
  table: 'case_note',
  path: '/blade-desk/case-note',
  label: { zh: '案例便笺', en: 'Case notes' },
  tenant: true,
  owner: 'tenant',
  permission: 'case_note',
  screen: { folder: 'desk', path: '/desk/case-note', icon: 'FileTextOutlined', sort: 9 },
  endpoints: ['list', 'page', 'detail', 'remove', 'submit'],
  fields: [
    {
      name: 'title',
      type: 'text',
      label: { zh: '标题', en: 'Title' },
      required: { zh: '请输入标题', en: 'Enter the title' },
      max: 64,
      search: 'like',
    },
  ],
};

/** Its migration file, written as the ones in db/migrations are. */
const migration = {
  '9999-case-note.ts': `import type { Kysely } from 'kysely';
import { withAudit } from './0001-core.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const table = db.schema
    .createTable('${note.table}')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('title', 'varchar(64)', (c) => c.notNull());
  await withAudit(table).execute();
  await db.schema.createIndex('idx_${note.table}_create_time').on('${note.table}').columns(['tenant_id', 'create_time']).execute();
}
`,
};

type Harness = typeof import('../test/harness.js');

describe('a new simple tenant resource: its declaration and its migration', () => {
  let t: TestServer;
  let h: Harness;
  let admin: string;
  let other: string;
  const folder = migrationFolderWith(migration);

  beforeAll(async () => {
    // Registered before the server's modules load, as the declarations they import are.
    resources[note.name] = note;
    h = await import('../test/harness.js');
    const { tenantWithAdmin } = await import('../test/fixtures.js');
    const { migrateToLatest } = await import('../db/migrate.js');
    t = await h.build();
    // The server migrated at start-up; a start after the file is added runs it, as this does.
    expect(await migrateToLatest(t.services.data, folder.source)).toEqual(['9999-case-note']);
    admin = (await h.tokenOf(t.app)).access_token;
    other = await tenantWithAdmin(t.app, t.services, '424242');
  });
  afterAll(async () => {
    await t?.close();
    delete resources[note.name];
    folder.remove();
  });

  it('puts its table in the tenant scope: another tenant never sees its rows', async () => {
    const { SCOPED_TABLES } = await import('../db/tables.js');
    expect(SCOPED_TABLES.has(note.table)).toBe(true);
    await h.ok(t.app, admin, {
      method: 'POST',
      url: `/api${note.path}/submit`,
      payload: { title: 'platform note' },
    });
    await h.ok(t.app, other, {
      method: 'POST',
      url: `/api${note.path}/submit`,
      payload: { title: 'tenant note' },
    });
    const titles = async (token: string) =>
      (
        await h.ok<{ records: { title: string }[] }>(t.app, token, {
          method: 'GET',
          url: `/api${note.path}/page`,
        })
      ).records.map((r) => r.title);
    expect(await titles(admin)).toEqual(['platform note']);
    expect(await titles(other)).toEqual(['tenant note']);
  });

  it('seeds its menu entry in its folder, and a button per action its endpoints allow, for the administrator', async () => {
    const db = t.services.data.unscoped();
    const rows = await db
      .selectFrom('blade_menu')
      .select(['id', 'parent_id', 'code', 'name', 'alias', 'path', 'category'])
      .where('code', 'like', 'case_note%')
      .orderBy('sort')
      .execute();
    const desk = await db
      .selectFrom('blade_menu')
      .select('id')
      .where('code', '=', 'desk')
      .executeTakeFirstOrThrow();
    const screen = rows.find((r) => r.code === 'case_note');
    expect(screen).toMatchObject({
      parent_id: desk.id,
      name: '案例便笺',
      alias: 'Case Notes',
      path: '/desk/case-note',
    });
    expect(rows.filter((r) => r.category === 2).map((r) => [r.code, r.path])).toEqual([
      ['case_note_add', '/api/blade-desk/case-note/submit'],
      ['case_note_edit', '/api/blade-desk/case-note/submit'],
      ['case_note_delete', '/api/blade-desk/case-note/remove'],
      ['case_note_view', '/api/blade-desk/case-note/detail'],
    ]);
    const buttons = await h.ok<Record<string, unknown>>(t.app, other, {
      method: 'GET',
      url: '/api/blade-system/menu/buttons',
    });
    expect(JSON.stringify(buttons)).toContain('case_note_delete');
  });

  it('answers its menu path, which the web opens on the generic page of the declaration with that screen', async () => {
    const routes = await h.ok<MenuNode[]>(t.app, other, {
      method: 'GET',
      url: '/api/blade-system/menu/routes',
    });
    const paths: string[] = [];
    const walk = (nodes: MenuNode[]) => {
      for (const node of nodes) {
        if (node.path) paths.push(node.path);
        walk(node.children ?? []);
      }
    };
    walk(routes);
    expect(paths).toContain('/desk/case-note');
  });

  it('documents its routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    for (const endpoint of ['list', 'page', 'detail', 'remove', 'submit'])
      expect(Object.keys(doc.paths)).toContain(`/api${note.path}/${endpoint}`);
  });
});
