/** Server messages in both languages; `msg` of every answer comes from here in the caller's language. */
const catalog = {
  ok: { zh: '操作成功', en: 'Success' },
  badRequest: { zh: '请求参数有误', en: 'The request is not valid' },
  invalidJson: { zh: '请求体不是合法的 JSON', en: 'The request body is not valid JSON' },
  invalidField: { zh: '参数 {field} 不合法：{reason}', en: 'Field {field} is not valid: {reason}' },
  requiredField: { zh: '缺少参数 {field}', en: 'Field {field} is required' },
  bodyTooLarge: {
    zh: '请求体过大，最大允许 {limit} 字节',
    en: 'The request body is too large; at most {limit} bytes are allowed',
  },
  unsupportedMediaType: { zh: '不支持的请求内容类型', en: 'Unsupported content type' },
  jsonTooDeep: {
    zh: '请求数据嵌套过深，最多允许 {max} 层',
    en: 'The request data nests too deeply; at most {max} levels are allowed',
  },
  headersTooLarge: {
    zh: '请求头过大，请减少 Cookie 或请求头的内容',
    en: 'The request headers are too large; send fewer cookies or shorter headers',
  },
  requestTimeout: { zh: '请求发送超时，请重试', en: 'The request took too long to arrive; please retry' },
  unauthorized: { zh: '请先登录', en: 'Please sign in first' },
  tokenInvalid: { zh: '登录已失效，请重新登录', en: 'Your session has expired; please sign in again' },
  forbidden: { zh: '没有权限执行此操作', en: 'You do not have permission to do this' },
  grantMenuBeyond: {
    zh: '只能授予自己拥有的菜单和按钮',
    en: 'You can only hand out menus and buttons you hold yourself',
  },
  grantApiBeyond: {
    zh: '只能授予自己拥有的接口权限',
    en: 'You can only hand out API scopes you hold yourself',
  },
  grantDataBeyond: {
    zh: '数据权限不能超出你自己的数据范围（{code}）',
    en: 'A data scope may not reach rows beyond your own ({code})',
  },
  roleBeyondAuthority: {
    zh: '角色「{name}」拥有你自己没有的权限，你不能分配、修改或删除它',
    en: 'The role "{name}" holds permissions you do not hold yourself, so you cannot assign, change or delete it',
  },
  roleInUse: {
    zh: '角色「{name}」仍分配给 {count} 个用户（{accounts}），请先为他们取消这个角色',
    en: 'The role "{name}" is still assigned to {count} user(s) ({accounts}); take it from them first',
  },
  adminRoleProtected: {
    zh: '超级管理员角色不能删除，其角色别名也不能修改',
    en: 'The built-in administrator role cannot be deleted, nor can its alias change',
  },
  userBeyondAuthority: {
    zh: '不能管理用户 {account}：其权限超出你自己的权限',
    en: 'You cannot manage user {account}: they hold permissions you do not hold yourself',
  },
  platformOnly: {
    zh: '此操作涉及平台的数据，只有平台管理租户（000000）可以执行',
    en: 'This concerns platform data; only the platform tenant (000000) can do it',
  },
  notFound: { zh: '请求的资源不存在', en: 'The requested resource does not exist' },
  routeNotFound: { zh: '接口 {method} {url} 不存在', en: 'There is no endpoint {method} {url}' },
  tooManyRequests: { zh: '请求过于频繁，请稍后再试', en: 'Too many attempts; please try again later' },
  internalError: {
    zh: '服务器内部错误，请稍后重试',
    en: 'Something went wrong on the server; please try again later',
  },
  serviceUnavailable: {
    zh: '服务暂不可用，请稍后重试',
    en: 'The service is unavailable; please retry later',
  },
  clientInvalid: { zh: '客户端认证失败', en: 'The client credentials are not valid' },
  grantUnsupported: { zh: '不支持的授权类型', en: 'Unsupported grant type' },
  grantNotServed: {
    zh: '授权类型 {grant} 不能用于登录，请使用 password、captcha 或 refresh_token',
    en: 'Grant type {grant} cannot be used to sign in; use password, captcha or refresh_token',
  },
  socialNotConfigured: {
    zh: '未配置第三方登录，请使用账号密码登录',
    en: 'Third-party sign-in is not configured; sign in with your account and password',
  },
  credentialsInvalid: { zh: '用户名或密码错误', en: 'Wrong account or password' },
  captchaNeeded: {
    zh: '该账号登录失败次数过多，请输入验证码',
    en: 'Too many failed sign-ins for this account; enter the captcha code',
  },
  addressFailures: {
    zh: '此地址登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed sign-ins from this address; try again in {minutes} minute(s)',
  },
  passwordReplayed: {
    zh: '该加密密码已使用过，请重新登录',
    en: 'This encrypted password was already used; sign in again',
  },
  passwordChangeRequired: {
    zh: '请先修改初始密码',
    en: 'Change your one-time password first',
  },
  passwordSame: { zh: '新密码不能与原密码相同', en: 'The new password must differ from the old one' },
  accountPending: {
    zh: '账号正在等待管理员审核',
    en: 'This account is waiting for an administrator to approve it',
  },
  accountDisabled: {
    zh: '账号已停用，请联系管理员',
    en: 'This account is disabled; contact an administrator',
  },
  tenantMissing: { zh: '请输入租户编号', en: 'Please enter the tenant id' },
  tenantInvalid: { zh: '租户不存在或已停用', en: 'The tenant does not exist or is disabled' },
  tenantExpired: {
    zh: '租户授权已过期，请联系管理员',
    en: 'The tenant subscription has expired; contact an administrator',
  },
  captchaInvalid: { zh: '验证码不正确', en: 'The captcha code is wrong' },
  captchaRequired: { zh: '请输入验证码', en: 'Please enter the captcha code' },
  refreshInvalid: {
    zh: '刷新令牌无效或已过期，请重新登录',
    en: 'The refresh token is not valid or has expired; please sign in again',
  },
  avatarType: {
    zh: '头像只能是 jpg 或 png 图片，且不超过 500KB',
    en: 'An avatar is a jpg or png image of at most 500 KB',
  },
  fileTypeRefused: {
    zh: '不允许上传此类型的文件（{type}）',
    en: 'Files of this type cannot be uploaded ({type})',
  },
  imageType: {
    zh: '请上传图片（jpg、png、gif、webp 或 bmp），此文件是 {type}',
    en: 'Upload an image (jpg, png, gif, webp or bmp); this file is {type}',
  },
  imageNotImage: {
    zh: '{field} 必须是图片，所选的上传文件不是图片',
    en: '{field} must be an image; the uploaded file it names is not one',
  },
  fileTypeMismatch: {
    zh: '文件扩展名 {named} 与内容类型 {actual} 不符',
    en: 'The file is named .{named} but its content is {actual}',
  },
  fileTooLarge: { zh: '文件过大，最大允许 {limit}', en: 'The file is too large; at most {limit} is allowed' },
  fileMissing: { zh: '请选择要上传的文件', en: 'Choose a file to upload' },
  tooManyParts: {
    zh: '一次上传的文件或字段过多，请分批上传',
    en: 'Too many files or fields in one upload; upload them in several goes',
  },
  attachUploadOnly: {
    zh: '附件由上传文件生成，请通过上传添加附件',
    en: 'Attachments come from uploads; upload a file to add one',
  },
  outboundRefused: {
    zh: '{field} 指向本机、内网或保留地址，不允许使用',
    en: '{field} points at this host, a private network or a reserved address, which is not allowed',
  },
  outboundInvalid: {
    zh: '{field} 不是有效的 http:// 或 https:// 地址',
    en: '{field} is not a valid http:// or https:// address',
  },
  storagePrivate: {
    zh: '对象存储地址指向本机、内网或保留地址，不允许访问，请检查对象存储配置',
    en: 'The storage address points at this host, a private network or a reserved address; check the storage configuration',
  },
  smsEndpointInvalid: {
    zh: '短信接口地址不是有效的 http:// 或 https:// 地址，请检查短信配置',
    en: 'The SMS API address is not a valid http:// or https:// address; check the SMS configuration',
  },
  smsPrivate: {
    zh: '短信接口地址指向本机、内网或保留地址，不允许访问，请检查短信配置',
    en: 'The SMS API address points at this host, a private network or a reserved address; check the SMS configuration',
  },
  storageFailed: {
    zh: '文件存储失败，请检查对象存储配置',
    en: 'The file could not be stored; check the storage configuration',
  },
  phoneEmpty: { zh: '手机号码不能为空', en: 'Enter a phone number' },
  phoneLength: { zh: '手机号码长度不为11位', en: 'A phone number has 11 digits' },
  phoneFormat: { zh: '手机号码格式不正确', en: 'The phone number is not valid' },
  smsSent: { zh: '发送成功!', en: 'Sent!' },
  smsFailed: { zh: '短信发送失败：{reason}', en: 'The message was not sent: {reason}' },
  smsUnsupported: { zh: '不支持的短信服务类型', en: 'Unsupported SMS provider' },
  outOfStock: { zh: '商品「{name}」库存不足', en: 'Not enough stock of "{name}"' },
  productOffShelf: { zh: '商品「{name}」已下架', en: '"{name}" is not on sale' },
  orderTransition: {
    zh: '订单的{what}不能从「{from}」改为「{to}」',
    en: 'The order’s {what} cannot change from "{from}" to "{to}"',
  },
  orderTransitionNeeds: {
    zh: '订单的{what}须为「{status}」才能这样修改',
    en: 'This change needs the order’s {what} to be "{status}"',
  },
  orderNewStatus: {
    zh: '新订单只能是待支付或已支付，且尚未发货',
    en: 'A new order is unpaid or paid, and not shipped yet',
  },
  orderLinesLocked: {
    zh: '订单创建后不能修改商品明细',
    en: 'The lines of an order cannot change once it is placed',
  },
  activityFull: { zh: '活动名额已满', en: 'The activity is full' },
  signupClosed: { zh: '不在活动报名时间内', en: 'Sign-up for this activity is not open' },
  generationBusy: { zh: '权益码正在生成，请稍后再试', en: 'Codes are being generated; try again shortly' },
  equityCodesTooMany: {
    zh: '一个会议最多生成 {max} 个权益码，当前设置为 {quantity} 个，请减少权益码数量',
    en: 'A meeting issues at most {max} equity codes; it asks for {quantity}, so lower the number',
  },
  bpmnInvalid: {
    zh: '流程文件 {file} 无效：{problem}',
    en: 'The process file {file} is not valid: {problem}',
  },
  bpmnCodeRefused: {
    zh: `流程文件 {file} 含有会在服务器上运行的代码（{element}），出于安全原因不能保存或部署：不支持脚本任务、脚本监听器、Java 类或表达式委托，条件请写成 \${…} 表达式`,
    en: `The process file {file} holds code that would run on the server ({element}), so it cannot be saved or deployed: script tasks, script listeners and class or expression delegates are not supported; write conditions as \${…} expressions`,
  },
  bpmnScriptNotRun: {
    zh: `此流程含有脚本，服务器不运行流程中的脚本：请把脚本任务和脚本条件改为 \${…} 表达式后重新部署`,
    en: `This process holds scripts, and the server does not run scripts of processes: change script tasks and script conditions to \${…} expressions and deploy it again`,
  },
  bpmnEndlessLoop: {
    zh: '流程文件 {file} 中的循环（{loop}）没有用户任务、接收任务或定时器可以等待，会无限运行',
    en: 'In the process file {file}, the loop {loop} has no user task, receive task or timer to wait at, so it would run forever',
  },
  flowRunaway: {
    zh: '流程没有在等待节点停下（可能存在没有等待的循环），已停止，请检查流程设计',
    en: 'The process did not stop at a waiting step (a loop without a wait?); it was stopped, check its design',
  },
  bpmnTimerLoop: {
    zh: '流程文件 {file} 中的循环（{loop}）只在短于 {seconds} 秒的定时器处等待（{timers}），会反复触发：请等待更久，或在用户任务处等待',
    en: 'In the process file {file}, the loop {loop} waits only at timers shorter than {seconds} s ({timers}), so it would fire again and again; wait longer, or at a user task',
  },
  bpmnExpressionInvalid: {
    zh: '流程文件 {file} 中{where}的表达式 {expression} 无法使用：{problem}',
    en: 'In the process file {file}, the expression {expression} of {where} cannot be used: {problem}',
  },
  flowStepFailed: {
    zh: '流程运行出错，已停止：{problem}',
    en: 'The process stopped on an error: {problem}',
  },
  flowTimerCap: {
    zh: '流程的定时器已触发 {count} 次，达到单个流程的上限，已停止',
    en: 'Its timers fired {count} times, the most one process may; it was stopped',
  },
  definitionSuspended: {
    zh: '流程已挂起，不能发起新流程',
    en: 'This process is suspended; no new instance can start',
  },
  taskNotYours: { zh: '无权办理此任务', en: 'This task is not yours to handle' },
  flowNotYours: {
    zh: '只有流程的参与人和有流程跟踪权限的用户可以查看',
    en: 'Only those who take part in this process, and holders of the follow-up screen, can see it',
  },
  taskDone: { zh: '任务已办理或已被签收', en: 'This task was already handled or claimed' },
  instanceBusy: {
    zh: '流程正在被他人处理，请刷新后重试',
    en: 'Someone else is handling this process; reload and try again',
  },
  ticketInvalid: {
    zh: '登录凭据无效或已使用，请重新登录',
    en: 'The sign-in ticket is not valid or was already used; please sign in',
  },
  saberFrameOpening: { zh: '正在打开页面…', en: 'Opening the page…' },
  saberFrameSignedOut: {
    zh: 'Saber 的登录已失效，请重新登录后再打开此菜单',
    en: 'Your Saber session has ended; sign in again, then open this menu',
  },
  saberFrameNewWindow: { zh: '在新窗口中打开', en: 'Open in a new window' },
  saberFrameTarget: { zh: '页面地址不合法', en: 'The page address is not valid' },
  switchNotAllowed: {
    zh: '未开启切换模式，不能切换部门或角色',
    en: 'Switch mode is off; department and role cannot be switched',
  },
  switchInvalid: {
    zh: '所选部门或角色不属于当前用户',
    en: 'The chosen department or role does not belong to you',
  },
  passwordOldWrong: { zh: '原密码不正确', en: 'The old password is wrong' },
  passwordMismatch: { zh: '两次密码输入不一致', en: 'The two passwords do not match' },
  passwordTooShort: { zh: '密码至少需要 {min} 个字符', en: 'A password needs at least {min} characters' },
  passwordIsAccount: { zh: '密码不能与账号相同', en: 'The password must not be the account name' },
  passwordCommon: {
    zh: '这个密码太常见，容易被猜中，请换一个',
    en: 'This password is among the most common ones and easy to guess; choose another',
  },
  clearCacheDone: { zh: '清除完毕', en: 'Cache cleared' },
  /** A message the resource declaration words itself (already in the caller's language). */
  declared: { zh: '{text}', en: '{text}' },
  /** A refusal worded in both languages by its raiser (a field named by its label in each). */
  worded: { zh: '{zh}', en: '{en}' },
  sortUnknown: { zh: '不支持按 {field} 排序', en: 'Lists cannot be sorted by {field}' },
  duplicate: { zh: '{field}已存在', en: '{field} already exists' },
  dictCodeTaken: {
    zh: '字典编号 {code} 已存在',
    en: 'The dictionary code {code} already exists',
  },
  dictKeyTaken: {
    zh: '字典键值 {key} 在此字典中已存在',
    en: 'The key {key} is already used in this dictionary',
  },
  dictKeyNumber: {
    zh: '此字典的键值必须是整数：{fields} 按数字保存它',
    en: 'Keys of this dictionary must be whole numbers: {fields} store them as numbers',
  },
  hasChildren: { zh: '请先删除子节点', en: 'Delete the child entries first' },
  idsRequired: { zh: '请选择至少一条数据', en: 'Select at least one row' },
  accountLimit: {
    zh: '账号数量已达到租户上限 {limit}，请联系管理员',
    en: 'The tenant already has its limit of {limit} accounts; contact an administrator',
  },
  cannotRemoveSelf: {
    zh: '不能删除当前登录的账号',
    en: 'You cannot delete the account you are signed in with',
  },
  rowNotFound: { zh: '数据不存在或已被删除', en: 'The entry does not exist or was deleted' },
  restoreDuplicate: {
    zh: '无法恢复：{field} 已被其他数据使用',
    en: 'Cannot restore: another entry already uses this {field}',
  },
  restoreStockSold: {
    zh: '无法恢复：该版本之后商品「{name}」已售出 {sold} 件，恢复旧库存会把它们再卖一次，请直接修改库存',
    en: 'Cannot restore: {sold} of "{name}" were sold after that version and its old stock would sell them again; change the stock directly',
  },
  restoreParentGone: {
    zh: '无法恢复：{field} 所指的数据已被删除，请先恢复它',
    en: 'Cannot restore: the entry its {field} names was deleted; restore that first',
  },
  refNotFound: {
    zh: '{field} 所选的数据不存在、已被删除或不属于本租户',
    en: 'The {field} chosen does not exist, was deleted or is not of this tenant',
  },
  undoChangedSince: {
    zh: '无法撤销：{field} 在这次变更之后又被修改过，请改为恢复到某个版本',
    en: 'Cannot undo: {field} was changed again after this change; restore a version instead',
  },
  undoSecret: {
    zh: '无法撤销：{field} 是保密字段，其旧值没有保存',
    en: 'Cannot undo: {field} is secret and its earlier value was never kept',
  },
  restoreNotVersion: {
    zh: '删除不是数据的一个版本，请撤销这次删除或从回收站恢复',
    en: 'A removal is not a version of the entry; undo it or restore the entry from the recycle bin',
  },
  historyNotRestorable: {
    zh: '授权变更不能在这里恢复，请在角色的权限设置中重新授权',
    en: "A change of grants is not restored here; grant again in the role's permission settings",
  },
  importNotSheet: { zh: '文件不是 .xlsx 表格', en: 'The file is not an .xlsx spreadsheet' },
  importNoColumns: {
    zh: '表格第一行没有可导入的列，请使用导入模板',
    en: 'The first row names no column that can be imported; use the import template',
  },
  importTooLarge: { zh: '一次最多导入 {max} 行', en: 'At most {max} rows are imported at a time' },
  sheetPartTooLarge: {
    zh: '表格的 {part} 解压后超过 {max} 个字符的上限',
    en: "The spreadsheet's {part} inflates past the limit of {max} characters",
  },
  sheetTextTooLong: {
    zh: '表格中有一段文字超过 {max} 个字符的上限',
    en: 'A text in the spreadsheet is longer than the limit of {max} characters',
  },
  sheetTooManyRows: {
    zh: '表格的行数（空行也算在内）超过 {max} 行的上限',
    en: 'The spreadsheet has more rows (empty ones included) than the limit of {max}',
  },
  sheetRowTooWide: {
    zh: '表格有一行超过 {max} 个单元格的上限',
    en: 'A row of the spreadsheet has more cells than the limit of {max}',
  },
  sheetTooManyCells: {
    zh: '表格的单元格超过 {max} 个的上限',
    en: 'The spreadsheet has more cells than the limit of {max}',
  },
  sheetTooSlow: {
    zh: '读取表格超过 {seconds} 秒的上限，已停止',
    en: 'Reading the spreadsheet passed the limit of {seconds} seconds and was stopped',
  },
  importAccountTwice: {
    zh: '第 {row} 行：账号 {account} 在表格中重复出现',
    en: 'Row {row}: the account {account} appears more than once in the file',
  },
  sheetReadersBusy: {
    zh: '正在读取的表格过多，请稍后再试',
    en: 'Too many spreadsheets are being read; try again in a moment',
  },
  sheetTooMuchMemory: {
    zh: '读取表格所需内存超过 {mb} MB 的上限，已停止',
    en: 'Reading the spreadsheet needed more than the limit of {mb} MB of memory and was stopped',
  },
  importJobNotFound: { zh: '导入任务不存在', en: 'The import does not exist' },
  importJobUsed: {
    zh: '该导入已执行或不能再导入，请重新选择文件',
    en: 'This import has already run or can no longer be imported; choose the file again',
  },
  historyNotFound: { zh: '变更记录不存在', en: 'The change record does not exist' },
  historyNoResource: { zh: '没有名为 {name} 的资源', en: 'There is no resource named {name}' },
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
  jobScheduleInvalid: {
    zh: '执行计划「{cron}」无效：请填写 5 段（分 时 日 月 周）或 6 段（秒 分 时 日 月 周）的 cron 表达式（{reason}）',
    en: 'The schedule "{cron}" is not valid: enter a cron expression of 5 fields (minute hour day month weekday) or 6 (seconds first) ({reason})',
  },
  jobScheduleNever: { zh: '执行计划「{cron}」将来不会运行', en: 'The schedule "{cron}" never runs' },
  jobScheduleTooOften: {
    zh: '租户的任务最多每分钟运行一次，请调整执行计划',
    en: "A tenant's job runs at most once a minute; change the schedule",
  },
  jobRunning: {
    zh: '该任务正在运行，请等它结束后再试',
    en: 'This job is running; try again once it has ended',
  },
  jobRunTooOften: {
    zh: '该任务一分钟内最多手动运行 {limit} 次，请 {seconds} 秒后再试',
    en: 'A job runs by hand at most {limit} times a minute; try again in {seconds} s',
  },
  jobRunLeaseExpired: {
    zh: '运行它的服务进程已停止，任务未完成',
    en: 'The server process running it stopped before it ended',
  },
  jobRunServerStopped: { zh: '服务器停止时任务尚未完成', en: 'The server stopped before the run ended' },
  jobRunMissed: {
    zh: '服务器停止期间错过了这次运行，该任务设置为不补跑，已跳过',
    en: 'Missed while no server was running; skipped, as this job does not catch up',
  },
  // The permission explainer: the steps of a chain, their reasons, and the verdict.
  explainTenant: { zh: '租户', en: 'Tenant' },
  explainAccount: { zh: '账号', en: 'Account' },
  explainRoles: { zh: '角色', en: 'Roles' },
  explainGrant: { zh: '菜单与按钮授权', en: 'Menu and button grant' },
  explainApiScope: { zh: '接口权限', en: 'API scope' },
  explainDataScope: { zh: '数据权限', en: 'Data scope' },
  explainRecord: { zh: '记录', en: 'Record' },
  explainTenantActive: {
    zh: '租户「{name}」正常，套餐：{package}',
    en: 'Tenant "{name}" is active; package: {package}',
  },
  explainNoPackage: { zh: '不限', en: 'no limit' },
  explainTenantDisabled: { zh: '租户「{name}」已停用', en: 'Tenant "{name}" is disabled' },
  explainTenantExpired: { zh: '租户「{name}」已于 {time} 过期', en: 'Tenant "{name}" expired at {time}' },
  explainAccountActive: { zh: '账号 {account} 正常', en: 'Account {account} is active' },
  explainAccountInactive: {
    zh: '账号 {account} 已停用或待审核，不能登录',
    en: 'Account {account} is disabled or awaits approval, so it cannot sign in',
  },
  explainPasswordChange: {
    zh: '账号 {account} 须先修改一次性密码，在此之前只能修改密码和退出',
    en: 'Account {account} must first change its one-time password; until then it may only do that or sign out',
  },
  explainRolesHeld: { zh: '拥有角色：{names}', en: 'Holds the roles: {names}' },
  explainRolesNone: { zh: '没有任何有效角色', en: 'Holds no live role' },
  explainSuperAdmin: {
    zh: '平台管理员，拥有全部菜单、按钮和数据',
    en: 'The platform administrator holds every menu, button and row',
  },
  explainGrantBy: { zh: '角色「{roles}」授予了「{menu}」', en: 'The role "{roles}" grants "{menu}"' },
  explainGrantNone: { zh: '没有任何角色授予「{menu}」', en: 'No role of the user grants "{menu}"' },
  explainGrantPackage: {
    zh: '角色授予了「{menu}」，但租户套餐不包含它',
    en: 'A role grants "{menu}", but the tenant\'s package does not include it',
  },
  explainGrantPlatform: {
    zh: '「{menu}」是平台的菜单，只有平台租户可用',
    en: '"{menu}" is a platform menu, held only within the platform tenant',
  },
  explainSignedIn: {
    zh: '此接口只需登录，不需要按钮授权',
    en: 'Any signed-in user may call it; no button grant is needed',
  },
  explainPublicRoute: { zh: '此接口公开，无需登录', en: 'The route is public; no sign-in is needed' },
  explainAdministratorOnly: {
    zh: '此接口只有平台管理员可调用',
    en: 'Only the platform administrator may call it',
  },
  explainPlatformOnly: {
    zh: '此接口只有平台租户可调用',
    en: 'Only callers of the platform tenant may call it',
  },
  explainApiScopeAllows: { zh: '接口权限允许调用 {path}', en: 'API scopes allow {path}' },
  explainApiScopeRefuses: {
    zh: '接口权限「{name}」（{scope}）覆盖 {path}，但用户的角色都没有它',
    en: 'The API scope "{name}" ({scope}) covers {path}, and none of the user\'s roles holds it',
  },
  explainDataUnscoped: {
    zh: '{resource}不受数据权限限制：可见租户内的全部行',
    en: '{resource} has no data scope: every row of the tenant is visible',
  },
  explainDataAll: {
    zh: '没有限制行的数据权限：可见{resource}的全部行',
    en: 'No data scope limits the rows: every row of {resource} in the tenant is visible',
  },
  explainDataRules: {
    zh: '按数据权限「{names}」，只可见：{words}',
    en: 'By the data scope "{names}", only these are visible: {words}',
  },
  explainFilterEquals: { zh: '{column} 等于 {value}', en: '{column} is {value}' },
  explainFilterIn: { zh: '{column} 属于 {values}', en: '{column} is one of {values}' },
  explainFilterNothing: { zh: '没有任何行', en: 'no row at all' },
  explainOr: { zh: ' 或 ', en: ' or ' },
  explainAnd: { zh: '，并且 ', en: ', and ' },
  explainRecordVisible: { zh: '{resource} {id} 可见', en: '{resource} {id} is visible' },
  explainRecordMissing: {
    zh: '{resource} {id} 不存在或已删除',
    en: '{resource} {id} does not exist or was removed',
  },
  explainRecordOutside: {
    zh: '{resource} {id} 不在数据权限内：它的 {values}，不满足 {words}',
    en: '{resource} {id} is outside the data scope: its {values} does not meet {words}',
  },
  explainUseMenu: { zh: '使用「{menu}」', en: 'use "{menu}"' },
  explainCallPath: { zh: '调用 {method} {path}', en: 'call {method} {path}' },
  explainReadRecord: { zh: '查看{resource} {id}', en: 'see {resource} {id}' },
  explainReadList: { zh: '查看{resource}列表', en: 'list {resource}' },
  explainAllowed: { zh: '{user} 可以{target}。', en: '{user} may {target}.' },
  explainRefused: { zh: '{user} 不能{target}：{reason}。', en: '{user} may not {target}: {reason}.' },
  explainTargetRequired: {
    zh: '请指定菜单或按钮、接口路径，或资源与记录',
    en: 'Name a menu or button, an API path, or a resource and record',
  },
  explainMenuUnknown: { zh: '没有编号为 {code} 的菜单或按钮', en: 'No menu or button has the code {code}' },
  explainRouteUnknown: { zh: '没有接口 {method} {path}', en: 'There is no route {method} {path}' },
  explainResourceUnknown: { zh: '没有资源 {resource}', en: 'There is no resource {resource}' },
} satisfies Record<string, { zh: string; en: string }>;

export type MessageKey = keyof typeof catalog;
export type Language = 'zh' | 'en';
export type MessageParams = Record<string, string | number>;

export function translate(key: MessageKey, lang: Language, params: MessageParams = {}): string {
  return catalog[key][lang].replace(/\{(\w{1,32})\}/g, (_, name: string) =>
    String(params[name] ?? `{${name}}`),
  );
}

/** Picks zh or en from an Accept-Language header; Chinese is the default. */
export function languageOf(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'zh';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}
