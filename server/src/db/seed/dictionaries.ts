/**
 * Seeded dictionaries: system dictionaries (blade_dict, global) and business dictionaries
 * (blade_dict_biz, copied into each tenant). Each dictionary becomes a parent row (in BladeX:
 * parent_id 0, dict_key '-1') and one child row per item with the same code.
 *
 * Keys are strings (they are stored in dict_key); a dictionary that numeric fields use has whole
 * number keys (checked with the registry). Each name is given in Chinese and English: the web
 * shows the one of the person's language.
 */

export interface DictItemSeed {
  dictKey: string;
  dictValue: string;
  /** The English name. */
  dictValueEn: string;
  sort: number;
  remark?: string;
}

/** A dictionary: a parent row (code, names) and its items. */
export interface DictSeed {
  code: string;
  dictValue: string;
  dictValueEn: string;
  sort: number;
  remark?: string;
  items: DictItemSeed[];
}

type Entry = [key: string, zh: string, en: string] | [key: string, zh: string, en: string, remark: string];

/** Item list from [key, Chinese, English(, remark)] tuples; sort follows the order given. */
function items(...entries: Entry[]): DictItemSeed[] {
  return entries.map(([dictKey, dictValue, dictValueEn, remark], index) => ({
    dictKey,
    dictValue,
    dictValueEn,
    sort: index + 1,
    ...(remark ? { remark } : {}),
  }));
}

/** Dictionaries from a list without sort; sort follows the order given. */
function numbered(list: Array<Omit<DictSeed, 'sort'>>): DictSeed[] {
  return list.map((dict, index) => ({ ...dict, sort: index + 1 }));
}

/** blade_dict (global). */
export const systemDictionaries: DictSeed[] = numbered([
  {
    code: 'sex',
    dictValue: '性别',
    dictValueEn: 'Gender',
    items: items(['1', '男', 'Male'], ['2', '女', 'Female'], ['3', '未知', 'Unknown']),
  },
  {
    code: 'notice',
    dictValue: '通知类型',
    dictValueEn: 'Notice type',
    items: items(
      ['1', '发布通知', 'Announcement'],
      ['2', '批转通知', 'Endorsed notice'],
      ['3', '转发通知', 'Forwarded notice'],
      ['4', '指示通知', 'Instruction'],
      ['5', '任免通知', 'Appointment'],
      ['6', '事务通知', 'Affairs notice'],
      ['7', '会议通知', 'Meeting notice'],
    ),
  },
  {
    code: 'menu_category',
    dictValue: '菜单类型',
    dictValueEn: 'Menu type',
    items: items(['1', '菜单', 'Menu'], ['2', '按钮', 'Button']),
  },
  {
    code: 'button_func',
    dictValue: '按钮功能',
    dictValueEn: 'Button position',
    items: items(['1', '工具栏', 'Toolbar'], ['2', '操作栏', 'Row actions'], ['3', '工具操作栏', 'Both']),
  },
  {
    code: 'yes_no',
    dictValue: '是否',
    dictValueEn: 'Yes/No',
    items: items(['0', '否', 'No'], ['1', '是', 'Yes']),
  },
  {
    code: 'status',
    dictValue: '状态',
    dictValueEn: 'Status',
    items: items(['0', '禁用', 'Disabled'], ['1', '启用', 'Enabled']),
  },
  {
    code: 'data_scope_type',
    dictValue: '数据权限类型',
    dictValueEn: 'Data scope type',
    items: items(
      ['1', '全部可见', 'All'],
      ['2', '自定义', 'Custom'],
      ['3', '本人可见', 'Own rows'],
      ['4', '所在机构可见', 'Own department'],
      ['5', '所在机构及子级可见', 'Own department and below'],
    ),
  },
  {
    code: 'api_scope_type',
    dictValue: '接口权限类型',
    dictValueEn: 'API scope type',
    items: items(['1', '系统接口', 'System API'], ['2', '业务接口', 'Business API']),
  },
  {
    code: 'org_category',
    dictValue: '机构类型',
    dictValueEn: 'Organisation type',
    items: items(['1', '公司', 'Company'], ['2', '部门', 'Department'], ['3', '小组', 'Team']),
  },
  {
    code: 'post_category',
    dictValue: '岗位类型',
    dictValueEn: 'Post type',
    items: items(
      ['1', '高层', 'Senior'],
      ['2', '中层', 'Middle'],
      ['3', '基层', 'Junior'],
      ['4', '其他', 'Other'],
    ),
  },
  {
    code: 'user_type',
    dictValue: '用户平台',
    dictValueEn: 'User platform',
    items: items(['1', 'WEB', 'Web'], ['2', 'APP', 'App'], ['3', '其他', 'Other']),
  },
  {
    code: 'oss',
    dictValue: '对象存储类型',
    dictValueEn: 'Object storage type',
    items: items(
      ['1', '本地存储', 'Local storage', 'local'],
      ['2', 'MinIO', 'MinIO', 'minio'],
      ['3', '七牛云', 'Qiniu', 'qiniu'],
      ['4', '阿里云', 'Alibaba Cloud', 'ali'],
      ['5', '腾讯云', 'Tencent Cloud', 'tencent'],
      ['6', 'Amazon S3', 'Amazon S3', 'aws s3'],
    ),
  },
  {
    code: 'sms',
    dictValue: '短信服务类型',
    dictValueEn: 'SMS service type',
    items: items(
      ['0', '仅记录', 'Record only', 'log: default, records the message only'],
      ['1', '云片', 'Yunpian', 'yunpian'],
      ['2', '七牛云', 'Qiniu', 'qiniu'],
      ['3', '阿里云', 'Alibaba Cloud', 'ali'],
      ['4', '腾讯云', 'Tencent Cloud', 'tencent'],
    ),
  },
  {
    code: 'flow',
    dictValue: '流程类型',
    dictValueEn: 'Process type',
    remark: 'item remark is the route key: /work/process/{remark}/form/{processDefinitionId}',
    items: items(
      ['1', '请假流程', 'Leave', 'leave'],
      ['2', '报销流程', 'Expense', 'expense'],
      ['3', '审批流程', 'Approval', 'approval'],
    ),
  },
  {
    code: 'flow_state',
    dictValue: '部署状态',
    dictValueEn: 'Deployment state',
    items: items(['active', '激活', 'Active'], ['suspended', '挂起', 'Suspended']),
  },
  {
    code: 'process_status',
    dictValue: '流程状态',
    dictValueEn: 'Process status',
    items: items(
      ['1', '审批中', 'In approval'],
      ['2', '已通过', 'Approved'],
      ['3', '已驳回', 'Rejected'],
      ['4', '已撤销', 'Withdrawn'],
    ),
  },
  {
    code: 'tenant_status',
    dictValue: '租户状态',
    dictValueEn: 'Tenant status',
    items: items(['0', '已停用', 'Disabled'], ['1', '正常', 'Active'], ['2', '已过期', 'Expired']),
  },
  {
    code: 'account_status',
    dictValue: '账号状态',
    dictValueEn: 'Account status',
    items: items(
      ['0', '已停用', 'Disabled'],
      ['1', '正常', 'Active'],
      ['2', '已锁定', 'Locked'],
      ['3', '待审核', 'Pending review'],
    ),
  },
  {
    code: 'leave_type',
    dictValue: '请假类型',
    dictValueEn: 'Leave type',
    items: items(
      ['1', '事假', 'Personal leave'],
      ['2', '病假', 'Sick leave'],
      ['3', '年假', 'Annual leave'],
      ['4', '调休', 'Time off in lieu'],
      ['5', '婚假', 'Marriage leave'],
      ['6', '产假', 'Maternity leave'],
    ),
  },
  {
    code: 'log_type',
    dictValue: '日志类型',
    dictValueEn: 'Log type',
    items: items(
      ['usual', '通用日志', 'General'],
      ['api', '接口日志', 'API'],
      ['error', '错误日志', 'Error'],
    ),
  },
  {
    code: 'region_level',
    dictValue: '区划层级',
    dictValueEn: 'Region level',
    items: items(
      ['1', '省份', 'Province'],
      ['2', '地市', 'City'],
      ['3', '区县', 'District'],
      ['4', '乡镇', 'Town'],
      ['5', '村镇', 'Village'],
    ),
  },
  {
    code: 'datasource_kind',
    dictValue: '数据源类型',
    dictValueEn: 'Data source type',
    items: items(
      ['sqlite', 'SQLite', 'SQLite'],
      ['postgresql', 'PostgreSQL', 'PostgreSQL'],
      ['mysql', 'MySQL / MariaDB', 'MySQL / MariaDB'],
    ),
  },
  {
    code: 'report_chart',
    dictValue: '报表图表',
    dictValueEn: 'Report chart',
    items: items(
      ['none', '无', 'None'],
      ['line', '折线图', 'Line chart'],
      ['bar', '柱状图', 'Bar chart'],
      ['pie', '饼图', 'Pie chart'],
    ),
  },
  {
    // The results the sign-in log records (modules/log/sign-in-log.ts).
    code: 'login_result',
    dictValue: '登录结果',
    dictValueEn: 'Sign-in result',
    items: items(
      ['success', '成功', 'Success'],
      ['password_change', '成功，需修改一次性密码', 'Success, one-time password to change'],
      ['bad_credentials', '账号或密码错误', 'Wrong account or password'],
      ['captcha_required', '需要验证码', 'Captcha required'],
      ['captcha_invalid', '验证码错误', 'Wrong captcha'],
      ['throttled', '尝试过多，已限制', 'Throttled'],
      ['disabled', '账号已停用', 'Account disabled'],
      ['pending', '账号待审核', 'Account awaiting approval'],
      ['tenant_expired', '租户已过期', 'Tenant expired'],
      ['tenant_invalid', '租户不存在或已停用', 'Tenant unknown or disabled'],
      ['replayed', '加密密码重复使用', 'Encrypted password replayed'],
      ['refresh_invalid', '刷新令牌无效', 'Refresh token refused'],
      ['ticket_invalid', '单点登录票据无效', 'Sign-on ticket refused'],
      ['client_invalid', '客户端无效', 'Client refused'],
      ['refused', '其他原因拒绝', 'Refused for another reason'],
    ),
  },
  {
    code: 'login_grant',
    dictValue: '登录方式',
    dictValueEn: 'Sign-in method',
    items: items(
      ['password', '密码', 'Password'],
      ['captcha', '验证码', 'Captcha'],
      ['refresh_token', '刷新令牌', 'Refresh token'],
      ['sso', '单点登录', 'Single sign-on'],
      ['other', '其他', 'Other'],
    ),
  },
]);

const REPLY_STATUS = items(
  ['0', '待回复', 'Awaiting reply'],
  ['1', '已回复', 'Replied'],
  ['2', '已关闭', 'Closed'],
);

/** blade_dict_biz (per tenant): the mall's dictionaries. */
export const businessDictionaries: DictSeed[] = numbered([
  {
    code: 'product_category',
    dictValue: '商品分类',
    dictValueEn: 'Product category',
    items: items(
      ['1', '图书教材', 'Books'],
      ['2', '课程卡', 'Course cards'],
      ['3', '会员服务', 'Memberships'],
      ['4', '文具用品', 'Stationery'],
      ['5', '数码电子', 'Electronics'],
      ['6', '生活用品', 'Household'],
      ['7', '食品饮料', 'Food and drink'],
      ['8', '礼品周边', 'Gifts'],
    ),
  },
  {
    code: 'product_status',
    dictValue: '商品状态',
    dictValueEn: 'Product status',
    items: items(['0', '下架', 'Off sale'], ['1', '上架', 'On sale']),
  },
  {
    code: 'order_pay_status',
    dictValue: '支付状态',
    dictValueEn: 'Payment status',
    items: items(
      ['0', '待支付', 'Unpaid'],
      ['1', '已支付', 'Paid'],
      ['2', '已退款', 'Refunded'],
      ['3', '已关闭', 'Closed'],
    ),
  },
  {
    code: 'order_ship_status',
    dictValue: '发货状态',
    dictValueEn: 'Shipping status',
    items: items(['0', '待发货', 'Not shipped'], ['1', '已发货', 'Shipped'], ['2', '已签收', 'Delivered']),
  },
  {
    code: 'pay_type',
    dictValue: '支付方式',
    dictValueEn: 'Payment method',
    items: items(['1', '微信支付', 'WeChat Pay'], ['2', '支付宝', 'Alipay'], ['3', '余额支付', 'Balance']),
  },
  {
    code: 'mall_user_level',
    dictValue: '会员等级',
    dictValueEn: 'Member level',
    items: items(
      ['1', '普通会员', 'Regular'],
      ['2', '银卡会员', 'Silver'],
      ['3', '金卡会员', 'Gold'],
      ['4', '钻石会员', 'Diamond'],
    ),
  },
  {
    code: 'content_status',
    dictValue: '内容状态',
    dictValueEn: 'Content status',
    items: items(['0', '草稿', 'Draft'], ['1', '已发布', 'Published'], ['2', '已下线', 'Withdrawn']),
  },
  {
    // Whole number keys: banners store the position as a number.
    code: 'banner_position',
    dictValue: '轮播位置',
    dictValueEn: 'Banner position',
    items: items(
      ['1', '首页', 'Home'],
      ['2', '商城', 'Mall'],
      ['3', '课程', 'Lessons'],
      ['4', '直播', 'Live'],
      ['5', '活动', 'Activities'],
    ),
  },
  {
    code: 'living_status',
    dictValue: '直播状态',
    dictValueEn: 'Live status',
    items: items(
      ['0', '未开始', 'Not started'],
      ['1', '直播中', 'Live'],
      ['2', '已结束', 'Ended'],
      ['3', '已取消', 'Cancelled'],
    ),
  },
  {
    code: 'lesson_type',
    dictValue: '课程类型',
    dictValueEn: 'Lesson type',
    items: items(['1', '视频', 'Video'], ['2', '音频', 'Audio'], ['3', '图文', 'Article']),
  },
  {
    code: 'question_type',
    dictValue: '题目类型',
    dictValueEn: 'Question type',
    items: items(
      ['1', '单选', 'Single choice'],
      ['2', '多选', 'Multiple choice'],
      ['3', '判断', 'True or false'],
      ['4', '简答', 'Short answer'],
    ),
  },
  { code: 'consult_status', dictValue: '咨询状态', dictValueEn: 'Consultation status', items: REPLY_STATUS },
  { code: 'suggest_status', dictValue: '建议状态', dictValueEn: 'Suggestion status', items: REPLY_STATUS },
  {
    code: 'activity_status',
    dictValue: '活动状态',
    dictValueEn: 'Activity status',
    items: items(
      ['0', '未开始', 'Not started'],
      ['1', '报名中', 'Sign-up open'],
      ['2', '进行中', 'In progress'],
      ['3', '已结束', 'Ended'],
      ['4', '已取消', 'Cancelled'],
    ),
  },
  {
    code: 'activity_user_status',
    dictValue: '报名状态',
    dictValueEn: 'Sign-up status',
    items: items(['0', '已报名', 'Signed up'], ['1', '已签到', 'Checked in'], ['2', '已取消', 'Cancelled']),
  },
  {
    code: 'equity_code_status',
    dictValue: '权益码状态',
    dictValueEn: 'Equity code status',
    items: items(['0', '未使用', 'Unused'], ['1', '已使用', 'Used'], ['2', '已过期', 'Expired']),
  },
  {
    code: 'link_target',
    dictValue: '打开方式',
    dictValueEn: 'Open in',
    items: items(['_self', '当前窗口', 'Same window'], ['_blank', '新窗口', 'New window']),
  },
]);

/** Old seeded keys of banner positions and the whole numbers that replace them. */
export const BANNER_POSITION_KEYS: Record<string, string> = {
  home: '1',
  mall: '2',
  lesson: '3',
  living: '4',
  activity: '5',
};

/** The keys of every seeded dictionary, by code (what the registry is checked against). */
export const seededDictionaryKeys: ReadonlyMap<string, readonly string[]> = new Map(
  [...systemDictionaries, ...businessDictionaries].map((d) => [d.code, d.items.map((i) => i.dictKey)]),
);
