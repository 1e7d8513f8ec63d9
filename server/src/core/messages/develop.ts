import type { Bilingual } from './bilingual.js';

/** Data sources, reports and the code generator. */
export const developMessages = {
  datasourceUrl: {
    zh: '连接地址必须与类型一致：SQLite 以 sqlite: 开头，PostgreSQL 以 postgres:// 开头',
    en: 'The connection URL must match the kind: sqlite: for SQLite, postgres:// for PostgreSQL',
  },
  datasourceUnsupported: {
    zh: '不支持 {database} 数据库，数据源只能是 PostgreSQL 或 SQLite',
    en: '{database} databases are not supported; a data source is PostgreSQL or SQLite',
  },
  datasourcePath: {
    zh: 'SQLite 数据库文件必须位于服务器数据目录内，请使用相对路径，如 sqlite:tenants/shop.db',
    en: 'A SQLite database file must lie inside the server data directory; use a relative path such as sqlite:tenants/shop.db',
  },
  datasourceUnreachable: {
    zh: '无法连接到数据源，请检查主机、端口和网络',
    en: 'The data source cannot be reached; check the host, the port and the network',
  },
  datasourceLogin: {
    zh: '数据源拒绝登录，请检查用户名和密码',
    en: 'The data source refused the sign-in; check the user name and password',
  },
  datasourceMissing: {
    zh: '数据源中没有这个数据库或文件',
    en: 'The data source has no such database or file',
  },
  datasourcePrivate: {
    zh: '数据源地址指向本机、内网或保留地址，不允许连接',
    en: 'The data source address points at this host, a private network or a reserved address, which is not allowed',
  },
  datasourceNotDatabase: {
    zh: '这个文件不是 SQLite 数据库',
    en: 'This file is not a SQLite database',
  },
  datasourceFailed: {
    zh: '连接数据源失败，请检查连接配置',
    en: 'Connecting to the data source failed; check its settings',
  },
  datasourceInUse: {
    zh: '数据源正被租户 {tenants} 使用，请先解除绑定',
    en: 'Tenants {tenants} use this data source; unbind them first',
  },
  datasourceHasData: {
    zh: '该租户在当前数据源中已有业务数据，不能更换数据源',
    en: 'The tenant already has business data in its current data source, so it cannot move to another',
  },
  reportDesign: { zh: '报表设计不完整：{reason}', en: 'The report design is not valid: {reason}' },
  reportNotSelect: {
    zh: '报表查询只能是一条 SELECT 或 WITH 查询语句',
    en: 'A report query must be a single SELECT or WITH statement',
  },
  reportOneStatement: {
    zh: '报表查询只能包含一条语句',
    en: 'A report query may hold one statement only',
  },
  reportWrites: { zh: '报表查询不能修改数据', en: 'A report query may not change data' },
  reportUnknownParam: {
    zh: '查询使用了未定义的参数 :{name}',
    en: 'The query uses parameter :{name}, which the report does not define',
  },
  reportNoSuchParam: { zh: '报表没有参数 {name}', en: 'The report has no parameter {name}' },
  reportParamNumber: { zh: '参数 {name} 需要一个数字', en: 'Parameter {name} needs a number' },
  reportParamDate: {
    zh: '参数 {name} 需要日期，如 2024-01-31',
    en: 'Parameter {name} needs a date like 2024-01-31',
  },
  reportParamDatetime: {
    zh: '参数 {name} 需要时间，如 2024-01-31 08:00:00',
    en: 'Parameter {name} needs a time like 2024-01-31 08:00:00',
  },
  reportQuery: { zh: '查询执行失败：{detail}', en: 'The query failed: {detail}' },
  reportTimeout: {
    zh: '查询超过时间限制（{seconds} 秒），请缩小查询范围',
    en: 'The query ran past the time limit ({seconds} s); narrow it down',
  },
  reportTooManyRows: {
    zh: '查询结果超过 {limit} 行，请增加查询条件',
    en: 'The query returns more than {limit} rows; add conditions',
  },
  reportSource: {
    zh: '无法打开报表的数据源',
    en: 'The data source of the report cannot be opened',
  },
  codeTableMissing: { zh: '数据源中没有表 {table}', en: 'The data source has no table {table}' },
  codeNoPrimaryKey: {
    zh: '表 {table} 没有可用的主键：需要单列整数主键 {pk}',
    en: 'Table {table} has no usable primary key: a single whole-number column {pk} is needed',
  },
  codeNotServable: {
    zh: '无法在运行中的服务器注册：{reason}',
    en: 'It cannot be registered in the running server: {reason}',
  },
  codeMenuTaken: { zh: '菜单编号 {code} 已被占用', en: 'The menu code {code} is already used' },
} satisfies Record<string, Bilingual>;
