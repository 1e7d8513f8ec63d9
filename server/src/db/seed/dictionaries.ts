/**
 * Seeded dictionaries: system dictionaries (blade_dict, global) and business dictionaries
 * (blade_dict_biz, copied into each tenant). Each dictionary becomes a parent row (in BladeX:
 * parent_id 0, dict_key '-1') and one child row per item with the same code.
 *
 * Keys are strings (they are stored in dict_key); values are short Chinese labels. English labels
 * are not stored: dictionaries are tenant data.
 */

export interface DictItemSeed {
  dictKey: string;
  dictValue: string;
  sort: number;
  remark?: string;
}

/** A dictionary: a parent row (code, dictValue) and its items; English labels are not stored (dictionaries are tenant data). */
export interface DictSeed {
  code: string;
  dictValue: string;
  sort: number;
  remark?: string;
  items: DictItemSeed[];
}

/** Item list from [key, value] or [key, value, remark] tuples; sort follows the order given. */
function items(...entries: Array<[string, string] | [string, string, string]>): DictItemSeed[] {
  return entries.map(([dictKey, dictValue, remark], index) => ({
    dictKey,
    dictValue,
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
  { code: 'sex', dictValue: '性别', items: items(['1', '男'], ['2', '女'], ['3', '未知']) },
  {
    code: 'notice',
    dictValue: '通知类型',
    items: items(
      ['1', '发布通知'],
      ['2', '批转通知'],
      ['3', '转发通知'],
      ['4', '指示通知'],
      ['5', '任免通知'],
      ['6', '事务通知'],
      ['7', '会议通知'],
    ),
  },
  { code: 'menu_category', dictValue: '菜单类型', items: items(['1', '菜单'], ['2', '按钮']) },
  {
    code: 'button_func',
    dictValue: '按钮功能',
    items: items(['1', '工具栏'], ['2', '操作栏'], ['3', '工具操作栏']),
  },
  { code: 'yes_no', dictValue: '是否', items: items(['0', '否'], ['1', '是']) },
  { code: 'status', dictValue: '状态', items: items(['0', '禁用'], ['1', '启用']) },
  {
    code: 'data_scope_type',
    dictValue: '数据权限类型',
    items: items(
      ['1', '全部可见'],
      ['2', '自定义'],
      ['3', '本人可见'],
      ['4', '所在机构可见'],
      ['5', '所在机构及子级可见'],
    ),
  },
  {
    code: 'api_scope_type',
    dictValue: '接口权限类型',
    items: items(['1', '系统接口'], ['2', '业务接口']),
  },
  { code: 'org_category', dictValue: '机构类型', items: items(['1', '公司'], ['2', '部门'], ['3', '小组']) },
  {
    code: 'post_category',
    dictValue: '岗位类型',
    items: items(['1', '高层'], ['2', '中层'], ['3', '基层'], ['4', '其他']),
  },
  { code: 'user_type', dictValue: '用户平台', items: items(['1', 'WEB'], ['2', 'APP'], ['3', '其他']) },
  {
    code: 'oss',
    dictValue: '对象存储类型',
    items: items(
      ['1', '本地存储', 'local'],
      ['2', 'MinIO', 'minio'],
      ['3', '七牛云', 'qiniu'],
      ['4', '阿里云', 'ali'],
      ['5', '腾讯云', 'tencent'],
      ['6', 'Amazon S3', 'aws s3'],
    ),
  },
  {
    code: 'sms',
    dictValue: '短信服务类型',
    items: items(
      ['0', '仅记录', 'log: default, records the message only'],
      ['1', '云片', 'yunpian'],
      ['2', '七牛云', 'qiniu'],
      ['3', '阿里云', 'ali'],
      ['4', '腾讯云', 'tencent'],
    ),
  },
  {
    code: 'flow',
    dictValue: '流程类型',
    remark: 'item remark is the route key: /work/process/{remark}/form/{processDefinitionId}',
    items: items(['1', '请假流程', 'leave'], ['2', '报销流程', 'expense'], ['3', '审批流程', 'approval']),
  },
  {
    code: 'flow_state',
    dictValue: '部署状态',
    items: items(['active', '激活'], ['suspended', '挂起']),
  },
  {
    code: 'process_status',
    dictValue: '流程状态',
    items: items(['1', '审批中'], ['2', '已通过'], ['3', '已驳回'], ['4', '已撤销']),
  },
  {
    code: 'tenant_status',
    dictValue: '租户状态',
    items: items(['0', '已停用'], ['1', '正常'], ['2', '已过期']),
  },
  {
    code: 'account_status',
    dictValue: '账号状态',
    items: items(['0', '已停用'], ['1', '正常'], ['2', '已锁定'], ['3', '待审核']),
  },
  {
    code: 'leave_type',
    dictValue: '请假类型',
    items: items(['1', '事假'], ['2', '病假'], ['3', '年假'], ['4', '调休'], ['5', '婚假'], ['6', '产假']),
  },
  {
    code: 'log_type',
    dictValue: '日志类型',
    items: items(['usual', '通用日志'], ['api', '接口日志'], ['error', '错误日志']),
  },
  {
    code: 'region_level',
    dictValue: '区划层级',
    items: items(['1', '省份'], ['2', '地市'], ['3', '区县'], ['4', '乡镇'], ['5', '村镇']),
  },
  {
    code: 'datasource_kind',
    dictValue: '数据源类型',
    items: items(['sqlite', 'SQLite'], ['postgresql', 'PostgreSQL']),
  },
  {
    code: 'report_chart',
    dictValue: '报表图表',
    items: items(['none', '无'], ['line', '折线图'], ['bar', '柱状图'], ['pie', '饼图']),
  },
]);

/** blade_dict_biz (per tenant): the mall's dictionaries. */
export const businessDictionaries: DictSeed[] = numbered([
  {
    code: 'product_category',
    dictValue: '商品分类',
    items: items(
      ['1', '图书教材'],
      ['2', '课程卡'],
      ['3', '会员服务'],
      ['4', '文具用品'],
      ['5', '数码电子'],
      ['6', '生活用品'],
      ['7', '食品饮料'],
      ['8', '礼品周边'],
    ),
  },
  { code: 'product_status', dictValue: '商品状态', items: items(['0', '下架'], ['1', '上架']) },
  {
    code: 'order_pay_status',
    dictValue: '支付状态',
    items: items(['0', '待支付'], ['1', '已支付'], ['2', '已退款'], ['3', '已关闭']),
  },
  {
    code: 'order_ship_status',
    dictValue: '发货状态',
    items: items(['0', '待发货'], ['1', '已发货'], ['2', '已签收']),
  },
  {
    code: 'pay_type',
    dictValue: '支付方式',
    items: items(['1', '微信支付'], ['2', '支付宝'], ['3', '余额支付']),
  },
  {
    code: 'mall_user_level',
    dictValue: '会员等级',
    items: items(['1', '普通会员'], ['2', '银卡会员'], ['3', '金卡会员'], ['4', '钻石会员']),
  },
  {
    code: 'content_status',
    dictValue: '内容状态',
    items: items(['0', '草稿'], ['1', '已发布'], ['2', '已下线']),
  },
  {
    code: 'banner_position',
    dictValue: '轮播位置',
    items: items(
      ['home', '首页'],
      ['mall', '商城'],
      ['lesson', '课程'],
      ['living', '直播'],
      ['activity', '活动'],
    ),
  },
  {
    code: 'living_status',
    dictValue: '直播状态',
    items: items(['0', '未开始'], ['1', '直播中'], ['2', '已结束'], ['3', '已取消']),
  },
  {
    code: 'lesson_type',
    dictValue: '课程类型',
    items: items(['1', '视频'], ['2', '音频'], ['3', '图文']),
  },
  {
    code: 'question_type',
    dictValue: '题目类型',
    items: items(['1', '单选'], ['2', '多选'], ['3', '判断'], ['4', '简答']),
  },
  {
    code: 'consult_status',
    dictValue: '咨询状态',
    items: items(['0', '待回复'], ['1', '已回复'], ['2', '已关闭']),
  },
  {
    code: 'suggest_status',
    dictValue: '建议状态',
    items: items(['0', '待回复'], ['1', '已回复'], ['2', '已关闭']),
  },
  {
    code: 'activity_status',
    dictValue: '活动状态',
    items: items(['0', '未开始'], ['1', '报名中'], ['2', '进行中'], ['3', '已结束'], ['4', '已取消']),
  },
  {
    code: 'activity_user_status',
    dictValue: '报名状态',
    items: items(['0', '已报名'], ['1', '已签到'], ['2', '已取消']),
  },
  {
    code: 'equity_code_status',
    dictValue: '权益码状态',
    items: items(['0', '未使用'], ['1', '已使用'], ['2', '已过期']),
  },
  {
    code: 'link_target',
    dictValue: '打开方式',
    items: items(['_self', '当前窗口'], ['_blank', '新窗口']),
  },
]);
