import type { ResourceDef } from '../registry.js';
import { act, remark, t, text } from './fields.js';

/** SQL names the generator and the data layer accept: letters, digits and underscores. */
const identifier = (label: [string, string]) => ({
  regex: '^[A-Za-z_][A-Za-z0-9_]*$',
  message: t(`${label[0]}只能包含字母、数字和下划线`, `${label[1]} has letters, digits and underscores only`),
});

/**
 * Database connections the developer tools (code generator, reports) read from and tenants can
 * be bound to. The built-in database is the data source with id 0 and has no row here.
 */
export const datasource: ResourceDef = {
  name: 'datasource',
  table: 'blade_datasource',
  path: '/blade-develop/datasource',
  label: t('数据源管理', 'Data sources'),
  tenant: false,
  owner: 'platform',
  adminOnly: true,
  permission: 'datasource',
  screen: {
    sort: 2,
    path: '/tool/datasource',
    icon: 'DatabaseOutlined',
    actions: [act('test', t('测试连接', 'Test'), '/blade-develop/datasource/test', 'row')],
  },
  endpoints: ['list', 'detail', 'remove', 'submit', 'select'],
  unique: ['name'],
  order: { field: 'createTime', direction: 'desc' },
  fields: [
    text('name', t('名称', 'Name'), {
      required: t('请输入数据源名称', 'Enter the data source name'),
      max: 64,
      search: 'like',
    }),
    {
      name: 'kind',
      type: 'enum',
      dict: 'datasource_kind',
      label: t('类型', 'Kind'),
      required: t('请选择数据源类型', 'Choose the kind of database'),
      search: 'eq',
      max: 16,
    },
    text('url', t('连接地址', 'Connection URL'), {
      required: t('请输入连接地址', 'Enter the connection URL'),
      max: 500,
      width: 320,
    }),
    text('username', t('用户名', 'User name'), { max: 100 }),
    text('password', t('密码', 'Password'), {
      secret: true,
      masked: true,
      list: false,
      detail: false,
      max: 200,
    }),
    remark({ list: false }),
  ],
};

/** Code generator entries: which table of which data source becomes which resource. */
export const code: ResourceDef = {
  name: 'code',
  table: 'blade_code',
  path: '/blade-develop/code',
  label: t('代码生成', 'Code generator'),
  tenant: false,
  owner: 'platform',
  adminOnly: true,
  permission: 'code',
  screen: {
    sort: 1,
    path: '/tool/code',
    icon: 'CodeOutlined',
    actions: [
      act('copy', t('复制', 'Copy'), '/blade-develop/code/copy', 'row'),
      act('gen', t('代码生成', 'Generate'), '/blade-develop/code/gen-code', 'toolbar'),
    ],
  },
  endpoints: ['list', 'detail', 'remove', 'submit'],
  order: { field: 'createTime', direction: 'desc' },
  fields: [
    {
      name: 'datasourceId',
      type: 'ref',
      ref: 'datasource',
      label: t('数据源', 'Data source'),
      default: 0,
      // The built-in database has no row of its own.
      named: [{ value: 0, label: t('内置数据库', 'Built-in database') }],
    },
    text('codeName', t('资源名称', 'Resource label'), {
      required: t('请输入资源名称', 'Enter the resource label'),
      max: 64,
      search: 'like',
    }),
    text('moduleName', t('模块名', 'Module'), {
      required: t('请输入模块名', 'Enter the module name'),
      max: 32,
      pattern: identifier(['模块名', 'A module name']),
      search: 'eq',
    }),
    text('tableName', t('表名', 'Table'), {
      required: t('请输入表名', 'Enter the table name'),
      max: 64,
      pattern: identifier(['表名', 'A table name']),
      search: 'like',
    }),
    text('tablePrefix', t('表前缀', 'Table prefix'), {
      max: 32,
      pattern: {
        regex: '^[A-Za-z0-9_]*$',
        message: t(
          '表前缀只能包含字母、数字和下划线',
          'A table prefix has letters, digits and underscores only',
        ),
      },
    }),
    text('pkName', t('主键名', 'Primary key'), {
      max: 64,
      default: 'id',
      pattern: identifier(['主键名', 'A primary key']),
      list: false,
    }),
    text('apiPath', t('服务路径', 'API path'), {
      required: t('请输入服务路径', 'Enter the API path'),
      max: 128,
      pattern: {
        regex: '^(/[a-z][a-z0-9-]*){2,3}$',
        message: t('服务路径形如 /blade-mall/widget', 'An API path looks like /blade-mall/widget'),
      },
    }),
    { name: 'baseMode', type: 'flag', label: t('基础业务字段', 'Audit columns'), default: 1 },
    { name: 'tenantMode', type: 'flag', label: t('多租户', 'Tenant-owned'), default: 1 },
    { name: 'registered', type: 'flag', label: t('已注册', 'Registered'), form: false },
    // SpringBlade's Java generator settings: its form (Saber's) requires them on every save, so
    // they are kept and answered back; our generator does not read them.
    text('packageName', t('包名', 'Java package'), { max: 128, list: false }),
    { name: 'wrapMode', type: 'flag', label: t('包装器', 'Wrapper'), list: false },
    text('outputPath', t('后端生成路径', 'Server output directory'), { max: 255, list: false }),
    text('webPath', t('前端生成路径', 'Web output directory'), { max: 255, list: false }),
  ],
};
