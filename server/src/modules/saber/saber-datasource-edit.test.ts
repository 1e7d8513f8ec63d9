import { SECRET_MASK } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { serverForDescribe } from '../../test/harness.js';

type Row = Record<string, unknown>;

/**
 * Saber's 数据源管理 edit opens the form from the list row and then fills it from `detail`; its
 * password field is required. Whichever it shows, the stored password must read as the mask and
 * the form saved unchanged must keep it.
 */
describe('Saber 4.x 数据源管理 edit: the password mask round trip', () => {
  const t = serverForDescribe({ OUTBOUND_PRIVATE_ALLOWED: 'true' });
  const submit = (payload: Row) =>
    t.ok<Row>({ method: 'POST', url: '/api/blade-develop/datasource/submit', payload });

  for (const [how, fields] of [
    ['in its own field', { url: 'jdbc:postgresql://127.0.0.1:5432/reports', password: 'pw-field' }],
    ['inside the JDBC URL', { url: 'jdbc:postgresql://r:pw-url@127.0.0.1:5432/reports', password: '' }],
  ] as const) {
    it(`a password given ${how} reads as the mask in list and detail, and Saber's unchanged form keeps it`, async () => {
      const expected = fields.password || 'pw-url';
      const saved = await submit({
        name: `ds ${how}`,
        driverClass: 'org.postgresql.Driver',
        username: 'r',
        ...fields,
      });
      const id = String(saved.id);
      const page = await t.ok<{ records: Row[] }>({
        method: 'GET',
        url: '/api/blade-develop/datasource/list',
        query: { current: '1', size: '100' },
      });
      const listed = page.records.find((r) => String(r.id) === id);
      expect(listed?.password, 'list').toBe(SECRET_MASK);
      const detail = await t.ok<Row>({
        method: 'GET',
        url: '/api/blade-develop/datasource/detail',
        query: { id },
      });
      expect(detail.password, 'detail').toBe(SECRET_MASK);
      expect(String(detail.url)).not.toContain(expected);
      for (const form of [listed ?? {}, detail]) {
        await submit({ ...form, remark: 'edited in Saber' });
        expect((await t.services.dataSources.savedSettings(id)).password).toBe(expected);
      }
    });
  }
});
