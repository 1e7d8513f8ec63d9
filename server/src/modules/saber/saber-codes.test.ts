import { describe, expect, it } from 'vitest';
import { serverForDescribe } from '../../test/harness.js';
import { saberCodeForm } from './saber-test-kit.js';

type Row = Record<string, unknown>;

/** Saber's code-generator form: a service, a package and Java output directories beside the table. */
describe('Saber 4.x code generator entries', () => {
  const t = serverForDescribe();

  const submit = (payload: Row, lang = 'zh-CN') =>
    t.call({
      method: 'POST',
      url: '/api/blade-develop/code/submit',
      headers: { 'accept-language': lang },
      payload,
    });

  it('saves the add form as Saber sends it: module from the service, API path from service and table', async () => {
    const sources = await t.ok<Row[]>({
      method: 'GET',
      url: '/api/blade-develop/datasource/select',
    });
    const builtIn = sources.find((s) => String(s.id) === '0');
    expect(builtIn, "the built-in database is offered in Saber's data source select").toBeDefined();
    const saved = await submit(saberCodeForm(String(builtIn?.id)));
    expect(saved.json()).toMatchObject({
      code: 200,
      data: {
        codeName: '通知公告',
        moduleName: 'desk',
        tableName: 'blade_notice',
        tablePrefix: 'blade_',
        pkName: 'id',
        apiPath: '/blade-desk/notice',
        baseMode: 1,
        serviceName: 'blade-desk',
      },
    });
    const id = String(saved.json().data.id);

    // The fields Saber requires on edit are answered back: the package, the wrapper, both
    // output directories (the server one beside our API path).
    const javaFields = {
      packageName: 'org.springblade.desk',
      wrapMode: 1,
      outputPath: 'D:\\Develop\\WorkSpace\\Git\\SpringBlade\\blade-ops\\blade-develop',
      webPath: 'D:\\Develop\\WorkSpace\\Git\\Saber',
    };
    const detail = await t.ok<Row>({
      method: 'GET',
      url: '/api/blade-develop/code/detail',
      query: { id },
    });
    expect(detail).toMatchObject({ serviceName: 'blade-desk', apiPath: '/blade-desk/notice', ...javaFields });

    // Saber's edit sends the detail back untouched but for the field changed: all is kept.
    const edited = await submit({ ...detail, codeName: '公告' });
    expect(edited.json()).toMatchObject({
      code: 200,
      data: { codeName: '公告', moduleName: 'desk', apiPath: '/blade-desk/notice', ...javaFields },
    });
    const listed = await t.ok<{ records: Row[] }>({
      method: 'GET',
      url: '/api/blade-develop/code/list',
      query: { current: '1', size: '10' },
    });
    expect(listed.records.find((r) => r.id === id)).toMatchObject({
      serviceName: 'blade-desk',
      codeName: '公告',
      ...javaFields,
    });

    // A new output directory typed into Saber's 后端生成路径 replaces the kept one.
    const moved = await submit({ ...detail, apiPath: '/srv/springblade/blade-desk', wrapMode: '0' });
    expect(moved.json()).toMatchObject({
      code: 200,
      data: { apiPath: '/blade-desk/notice', outputPath: '/srv/springblade/blade-desk', wrapMode: 0 },
    });
  });

  it("our web's edit, which sends none of SpringBlade's fields, keeps them", async () => {
    const saved = await submit(saberCodeForm('0'));
    const id = String(saved.json().data.id);
    const edited = await submit({
      id,
      datasourceId: 0,
      codeName: '通知',
      moduleName: 'desk',
      tableName: 'blade_notice',
      tablePrefix: 'blade_',
      apiPath: '/blade-desk/notice',
    });
    expect(edited.json()).toMatchObject({ code: 200, data: { codeName: '通知' } });
    const detail = await t.ok<Row>({
      method: 'GET',
      url: '/api/blade-develop/code/detail',
      query: { id },
    });
    expect(detail).toMatchObject({
      packageName: 'org.springblade.desk',
      wrapMode: 1,
      webPath: saberCodeForm('0').webPath,
    });
  });

  it('refuses a table the data source does not have, and a service that is not a path segment, on their fields', async () => {
    const missing = await submit({ ...saberCodeForm('0'), tableName: 'blade_nothing' });
    expect(missing.json()).toMatchObject({
      code: 400,
      field: 'tableName',
      msg: '数据源中没有表 blade_nothing',
    });
    const service = await submit({ ...saberCodeForm('0'), serviceName: 'Blade Desk' }, 'en');
    expect(service.json()).toMatchObject({ code: 400 });
    expect(['moduleName', 'apiPath']).toContain(service.json().field);
  });
});
