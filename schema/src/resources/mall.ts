import type { FieldDef, ResourceDef } from '../registry.js';
import { EQUITY_CODES_MAX, LINK_RULE, LINKS_RULE, MAINLAND_MOBILE } from '../rules.js';
import { remark, sort, t, text } from './fields.js';

/** A field whose values come from a business dictionary of the tenant. */
const biz = (
  name: string,
  dict: string,
  label: [string, string],
  extra: Partial<FieldDef> = {},
): FieldDef => ({
  name,
  type: 'int',
  dict,
  dictSource: 'biz',
  label: t(...label),
  search: 'eq',
  ...extra,
});

const MOBILE = { regex: MAINLAND_MOBILE, message: t('手机号码格式不正确', 'The phone number is not valid') };

const title = (zh = '标题', en = 'Title'): FieldDef =>
  text('title', t(zh, en), {
    required: t(`请输入${zh}`, `Enter the ${en.toLowerCase()}`),
    max: 200,
    search: 'like',
  });
const image = (name: string, zh: string, en: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'image',
  label: t(zh, en),
  list: false,
  ...extra,
});
const time = (name: string, zh: string, en: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'datetime',
  label: t(zh, en),
  ...extra,
});
/** The end of something that starts at startTime, which it may not precede. */
const ends = (): FieldDef =>
  time('endTime', '结束时间', 'Ends', {
    notBefore: {
      field: 'startTime',
      message: t('结束时间不能早于开始时间', 'The end cannot come before the start'),
    },
  });
const ref = (
  name: string,
  target: string,
  zh: string,
  en: string,
  extra: Partial<FieldDef> = {},
): FieldDef => ({
  name,
  type: 'ref',
  ref: target,
  label: t(zh, en),
  search: 'eq',
  ...extra,
});
const money = (name: string, zh: string, en: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'money',
  label: t(zh, en),
  min: 0,
  ...extra,
});
const contentStatus = biz('status', 'content_status', ['状态', 'Status'], { default: 1 });

const mall = (def: Omit<ResourceDef, 'tenant' | 'owner' | 'path'> & { path?: string }): ResourceDef => ({
  tenant: true,
  owner: 'tenant',
  path: `/mall/${def.name.toLowerCase()}`,
  ...def,
});

export const banner = mall({
  name: 'banner',
  table: 'mall_banner',
  label: t('轮播管理', 'Banners'),
  permission: 'banner',
  endpoints: ['page', 'detail', 'remove', 'submit'],
  order: { field: 'sort', direction: 'asc' },
  fields: [
    title(),
    image('image', '图片', 'Image', { required: t('请上传图片', 'Upload the image'), list: true }),
    text('linkUrl', t('跳转地址', 'Link'), { max: 1000, pattern: LINK_RULE, list: false }),
    {
      name: 'target',
      type: 'enum',
      dict: 'link_target',
      dictSource: 'biz',
      label: t('打开方式', 'Open in'),
      default: '_self',
      list: false,
    },
    biz('position', 'banner_position', ['位置', 'Position'], {
      required: t('请选择位置', 'Choose the position'),
    }),
    sort(),
    contentStatus,
    time('validFrom', '生效时间', 'Valid from', { sortable: true }),
    time('validTo', '失效时间', 'Valid to', {
      notBefore: {
        field: 'validFrom',
        message: t('失效时间不能早于生效时间', 'It cannot expire before it takes effect'),
      },
    }),
  ],
});

export const publicize = mall({
  name: 'publicize',
  table: 'mall_publicize',
  label: t('宣传管理', 'Publicity'),
  permission: 'publicize',
  endpoints: ['page', 'detail', 'remove', 'save', 'update'],
  order: { field: 'sort', direction: 'asc' },
  fields: [
    title(),
    text('summary', t('摘要', 'Summary'), { max: 500, list: false }),
    image('cover', '封面', 'Cover'),
    { name: 'content', type: 'richtext', label: t('内容', 'Content'), list: false, max: 200_000 },
    sort(),
    contentStatus,
  ],
});

export const linksType = mall({
  name: 'linksType',
  path: '/mall/linkstype',
  table: 'mall_links_type',
  label: t('链接类型', 'Link types'),
  permission: 'linkstype',
  endpoints: ['page', 'list', 'detail', 'remove', 'submit', 'select'],
  order: { field: 'sort', direction: 'asc' },
  unique: ['name'],
  fields: [
    text('name', t('类型名称', 'Name'), {
      required: t('请输入类型名称', 'Enter the name'),
      max: 64,
      search: 'like',
    }),
    sort(),
    remark(),
  ],
});

export const links = mall({
  name: 'links',
  table: 'mall_links',
  label: t('链接管理', 'Links'),
  permission: 'links',
  endpoints: ['page', 'detail', 'remove', 'save', 'update'],
  order: { field: 'sort', direction: 'asc' },
  fields: [
    ref('typeId', 'linksType', '链接类型', 'Type', { required: t('请选择链接类型', 'Choose the type') }),
    text('name', t('链接名称', 'Name'), {
      required: t('请输入链接名称', 'Enter the name'),
      max: 100,
      search: 'like',
    }),
    text('url', t('链接地址', 'Address'), {
      required: t('请输入链接地址', 'Enter the address'),
      max: 1000,
      pattern: LINK_RULE,
      search: 'like',
    }),
    image('logo', '图标', 'Logo'),
    {
      name: 'target',
      type: 'enum',
      dict: 'link_target',
      dictSource: 'biz',
      label: t('打开方式', 'Open in'),
      default: '_blank',
    },
    sort(),
    contentStatus,
  ],
});

const replyFields = (statusDict: string): FieldDef[] => [
  { name: 'reply', type: 'longtext', label: t('回复', 'Reply'), max: 4000, list: false },
  time('replyTime', '回复时间', 'Replied at', { form: false }),
  biz('status', statusDict, ['状态', 'Status'], { default: 0 }),
];

export const consult = mall({
  name: 'consult',
  table: 'mall_consult',
  label: t('咨询管理', 'Consultations'),
  permission: 'consult',
  endpoints: ['list', 'detail', 'remove', 'submit'],
  order: { field: 'createTime', direction: 'desc' },
  fields: [
    text('name', t('咨询人', 'Name'), {
      required: t('请输入咨询人', 'Enter the name'),
      max: 50,
      search: 'like',
    }),
    text('phone', t('联系电话', 'Phone'), { max: 20, pattern: MOBILE, search: 'prefix' }),
    {
      name: 'question',
      type: 'longtext',
      label: t('咨询内容', 'Question'),
      required: t('请输入咨询内容', 'Enter the question'),
      max: 4000,
    },
    ...replyFields('consult_status'),
  ],
});

export const suggest = mall({
  name: 'suggest',
  table: 'mall_suggest',
  label: t('意见建议', 'Suggestions'),
  permission: 'suggest',
  endpoints: ['page', 'detail', 'remove', 'save', 'update'],
  order: { field: 'createTime', direction: 'desc' },
  fields: [
    text('contact', t('联系人', 'Contact'), { max: 50, search: 'like' }),
    text('phone', t('联系电话', 'Phone'), { max: 20, pattern: MOBILE, search: 'prefix' }),
    {
      name: 'content',
      type: 'longtext',
      label: t('建议内容', 'Suggestion'),
      required: t('请输入建议内容', 'Enter the suggestion'),
      max: 4000,
    },
    ...replyFields('suggest_status'),
  ],
});

export const living = mall({
  name: 'living',
  table: 'mall_living',
  label: t('直播管理', 'Live sessions'),
  permission: 'living',
  endpoints: ['page', 'detail', 'remove', 'submit'],
  order: { field: 'startTime', direction: 'desc' },
  fields: [
    title('直播标题', 'Title'),
    image('cover', '封面', 'Cover'),
    text('host', t('主讲人', 'Host'), { max: 50, search: 'like' }),
    time('startTime', '开始时间', 'Starts', {
      required: t('请选择开始时间', 'Choose the start time'),
      sortable: true,
    }),
    ends(),
    text('streamUrl', t('推流/播放地址', 'Stream address'), {
      max: 1000,
      pattern: {
        regex: '^((https?|rtmp|rtmps)://[^\\s]*)?$',
        message: t('地址须以 http(s):// 或 rtmp:// 开头', 'The address starts with http(s):// or rtmp://'),
      },
      list: false,
    }),
    text('playbackUrl', t('回放地址', 'Playback'), { max: 1000, pattern: LINK_RULE, list: false }),
    biz('status', 'living_status', ['直播状态', 'Status'], { default: 0 }),
  ],
});

export const lessonColumn = mall({
  name: 'lessonColumn',
  path: '/mall/lessoncolumn',
  table: 'mall_lesson_column',
  label: t('课程栏目', 'Lesson columns'),
  permission: 'lessoncolumn',
  endpoints: ['page', 'detail', 'remove', 'submit', 'select'],
  order: { field: 'sort', direction: 'asc' },
  fields: [
    text('name', t('栏目名称', 'Name'), {
      required: t('请输入栏目名称', 'Enter the name'),
      max: 64,
      search: 'like',
    }),
    image('cover', '封面', 'Cover'),
    { name: 'description', type: 'longtext', label: t('栏目介绍', 'Description'), max: 2000, list: false },
    sort(),
    contentStatus,
  ],
});

export const lesson = mall({
  name: 'lesson',
  table: 'mall_lesson',
  label: t('课程管理', 'Lessons'),
  permission: 'lesson',
  endpoints: ['page', 'detail', 'remove', 'submit', 'select'],
  order: { field: 'sort', direction: 'asc' },
  fields: [
    ref('columnId', 'lessonColumn', '所属栏目', 'Column', {
      required: t('请选择所属栏目', 'Choose the column'),
    }),
    title('课程名称', 'Title'),
    image('cover', '封面', 'Cover'),
    text('teacher', t('讲师', 'Teacher'), { max: 50, search: 'like' }),
    biz('lessonType', 'lesson_type', ['课程类型', 'Type'], { default: 1 }),
    { name: 'videoUrl', type: 'file', label: t('视频/课件', 'Video or file'), list: false },
    {
      name: 'durationMinutes',
      type: 'int',
      label: t('时长(分钟)', 'Minutes'),
      min: 0,
      max: 100_000,
      default: 0,
    },
    money('price', '价格', 'Price', { default: 0, sortable: true }),
    { name: 'free', type: 'flag', dict: 'yes_no', label: t('免费', 'Free'), default: 0, search: 'eq' },
    sort(),
    contentStatus,
    { name: 'description', type: 'richtext', label: t('课程介绍', 'Description'), list: false, max: 200_000 },
  ],
});

export const questions = mall({
  name: 'questions',
  table: 'mall_question',
  label: t('题库管理', 'Question bank'),
  permission: 'questions',
  endpoints: ['list', 'detail', 'remove', 'submit'],
  order: { field: 'sort', direction: 'asc' },
  fields: [
    ref('lessonId', 'lesson', '所属课程', 'Lesson'),
    biz('questionType', 'question_type', ['题型', 'Type'], { required: t('请选择题型', 'Choose the type') }),
    {
      name: 'stem',
      type: 'longtext',
      label: t('题干', 'Question'),
      required: t('请输入题干', 'Enter the question'),
      max: 4000,
      search: 'like',
    },
    {
      name: 'options',
      type: 'longtext',
      label: t('选项(每行一个)', 'Options (one per line)'),
      max: 4000,
      list: false,
    },
    text('answer', t('答案', 'Answer'), {
      required: t('请输入答案', 'Enter the answer'),
      max: 500,
      list: false,
    }),
    { name: 'analysis', type: 'longtext', label: t('解析', 'Explanation'), max: 4000, list: false },
    { name: 'score', type: 'int', label: t('分值', 'Score'), min: 0, max: 1000, default: 1 },
    sort(),
  ],
});

export const activity = mall({
  name: 'activity',
  table: 'mall_activity',
  label: t('活动管理', 'Activities'),
  permission: 'activity',
  endpoints: ['page', 'detail', 'remove', 'save', 'update', 'select'],
  order: { field: 'startTime', direction: 'desc' },
  fields: [
    title('活动名称', 'Title'),
    image('cover', '封面', 'Cover'),
    text('address', t('活动地点', 'Place'), { max: 255, list: false }),
    time('startTime', '开始时间', 'Starts', {
      required: t('请选择开始时间', 'Choose the start time'),
      sortable: true,
    }),
    ends(),
    time('signupStart', '报名开始', 'Sign-up opens', { list: false }),
    time('signupEnd', '报名截止', 'Sign-up closes', {
      notBefore: {
        field: 'signupStart',
        message: t('报名截止不能早于报名开始', 'Sign-up cannot close before it opens'),
      },
      notAfter: {
        field: 'startTime',
        message: t('报名截止不能晚于活动开始时间', 'Sign-up must close by the time the activity starts'),
      },
    }),
    {
      name: 'quota',
      type: 'int',
      label: t('名额', 'Places'),
      required: t('请输入名额', 'Enter the number of places'),
      min: 0,
      max: 1_000_000,
    },
    { name: 'signedCount', type: 'int', label: t('已报名', 'Signed up'), form: false, default: 0 },
    biz('status', 'activity_status', ['活动状态', 'Status'], { default: 1 }),
    { name: 'content', type: 'richtext', label: t('活动详情', 'Details'), list: false, max: 200_000 },
  ],
});

export const activityUser = mall({
  name: 'activityUser',
  path: '/mall/activityuser',
  table: 'mall_activity_user',
  label: t('活动报名', 'Activity sign-ups'),
  permission: 'activityuser',
  endpoints: ['page', 'detail', 'remove', 'save', 'update'],
  order: { field: 'createTime', direction: 'desc' },
  fields: [
    ref('activityId', 'activity', '活动', 'Activity', {
      required: t('请选择活动', 'Choose the activity'),
      disabledOnEdit: true,
    }),
    ref('mallUserId', 'mallUser', '商城用户', 'Mall user', { list: false, disabledOnEdit: true }),
    text('name', t('姓名', 'Name'), { required: t('请输入姓名', 'Enter the name'), max: 50, search: 'like' }),
    text('phone', t('联系电话', 'Phone'), {
      required: t('请输入联系电话', 'Enter the phone'),
      max: 20,
      pattern: MOBILE,
      search: 'prefix',
    }),
    biz('status', 'activity_user_status', ['报名状态', 'Status'], { default: 0 }),
    time('checkinTime', '签到时间', 'Checked in', { form: false }),
  ],
});

export const dynamic = mall({
  name: 'dynamic',
  table: 'mall_dynamic',
  label: t('动态管理', 'Dynamics'),
  permission: 'dynamic',
  endpoints: ['page', 'detail', 'remove', 'save', 'update'],
  order: { field: 'createTime', direction: 'desc' },
  fields: [
    ref('mallUserId', 'mallUser', '发布人', 'Author', { list: false }),
    {
      name: 'content',
      type: 'longtext',
      label: t('动态内容', 'Post'),
      required: t('请输入动态内容', 'Enter the post'),
      max: 4000,
      search: 'like',
    },
    {
      name: 'images',
      type: 'longtext',
      label: t('图片(逗号分隔)', 'Images (comma-separated links)'),
      max: 4000,
      pattern: LINKS_RULE,
      list: false,
    },
    { name: 'likes', type: 'int', label: t('点赞数', 'Likes'), form: false, sortable: true, default: 0 },
    contentStatus,
  ],
});

export const product = mall({
  name: 'product',
  table: 'mall_product',
  label: t('商品管理', 'Products'),
  permission: 'product',
  endpoints: ['page', 'detail', 'remove', 'save', 'update', 'submit', 'select'],
  order: { field: 'createTime', direction: 'desc' },
  fields: [
    text('name', t('商品名称', 'Name'), {
      required: t('请输入商品名称', 'Enter the name'),
      max: 200,
      search: 'like',
    }),
    biz('category', 'product_category', ['商品分类', 'Category'], {
      required: t('请选择商品分类', 'Choose the category'),
    }),
    image('cover', '主图', 'Cover', { list: true }),
    {
      name: 'images',
      type: 'longtext',
      label: t('图集(逗号分隔)', 'Gallery (comma-separated links)'),
      max: 4000,
      pattern: LINKS_RULE,
      list: false,
    },
    money('price', '售价', 'Price', {
      required: t('请输入售价', 'Enter the price'),
      sortable: true,
    }),
    money('originalPrice', '原价', 'Original price', { list: false }),
    {
      name: 'stock',
      type: 'int',
      label: t('库存', 'Stock'),
      min: 0,
      max: 100_000_000,
      default: 0,
      sortable: true,
    },
    { name: 'sales', type: 'int', label: t('销量', 'Sold'), form: false, sortable: true, default: 0 },
    biz('status', 'product_status', ['上架状态', 'On shelf'], { default: 0 }),
    sort(),
    { name: 'description', type: 'richtext', label: t('商品详情', 'Description'), list: false, max: 200_000 },
  ],
});

export const order = mall({
  name: 'order',
  table: 'mall_order',
  label: t('订单管理', 'Orders'),
  permission: 'order',
  endpoints: ['page', 'detail', 'remove', 'save', 'update', 'submit'],
  order: { field: 'createTime', direction: 'desc' },
  fields: [
    text('orderNo', t('订单号', 'Order number'), { form: false, search: 'prefix', sortable: true, max: 32 }),
    ref('mallUserId', 'mallUser', '下单用户', 'Customer', {
      required: t('请选择下单用户', 'Choose the customer'),
      disabledOnEdit: true,
    }),
    {
      name: 'items',
      type: 'json',
      label: t('商品明细', 'Lines'),
      virtual: true,
      list: false,
      detail: false,
      required: t('请添加商品', 'Add the products'),
      disabledOnEdit: true,
    },
    money('totalAmount', '订单金额', 'Total', { form: false, sortable: true }),
    money('payAmount', '实付金额', 'Paid', { form: false }),
    biz('payStatus', 'order_pay_status', ['支付状态', 'Payment'], { default: 0 }),
    biz('payType', 'pay_type', ['支付方式', 'Paid by'], { list: false }),
    time('payTime', '支付时间', 'Paid at', { form: false }),
    biz('shipStatus', 'order_ship_status', ['发货状态', 'Shipping'], { default: 0 }),
    text('receiver', t('收货人', 'Receiver'), { max: 50, search: 'like' }),
    text('receiverPhone', t('收货电话', 'Receiver phone'), { max: 20, pattern: MOBILE, list: false }),
    text('address', t('收货地址', 'Address'), { max: 255, list: false }),
    remark(),
  ],
});

export const mallUser = mall({
  name: 'mallUser',
  path: '/mall/user',
  table: 'mall_user',
  label: t('商城用户', 'Mall users'),
  permission: 'mall_user',
  endpoints: ['page', 'detail', 'remove', 'save', 'update', 'select'],
  order: { field: 'createTime', direction: 'desc' },
  fields: [
    text('nickname', t('昵称', 'Nickname'), {
      required: t('请输入昵称', 'Enter the nickname'),
      max: 50,
      search: 'like',
    }),
    text('realName', t('姓名', 'Name'), { max: 50, search: 'like' }),
    text('phone', t('手机号码', 'Phone'), { max: 20, pattern: MOBILE, search: 'prefix' }),
    image('avatar', '头像', 'Avatar'),
    { name: 'gender', type: 'int', dict: 'sex', label: t('性别', 'Sex'), list: false },
    biz('level', 'mall_user_level', ['会员等级', 'Level'], { default: 1 }),
    { name: 'points', type: 'int', label: t('积分', 'Points'), min: 0, default: 0, sortable: true },
    {
      name: 'status',
      type: 'int',
      dict: 'account_status',
      label: t('账号状态', 'Status'),
      default: 1,
      search: 'eq',
    },
  ],
});

export const mallUserExam = mall({
  name: 'mallUserExam',
  path: '/mall/user/exam',
  table: 'mall_user_exam',
  label: t('考试记录', 'Exam records'),
  permission: 'mall_user',
  endpoints: ['page', 'detail'],
  order: { field: 'examTime', direction: 'desc' },
  fields: [
    ref('userId', 'mallUser', '商城用户', 'Mall user', { form: false }),
    ref('lessonId', 'lesson', '课程', 'Lesson', { form: false }),
    text('paperName', t('试卷', 'Paper'), { form: false, search: 'like' }),
    { name: 'score', type: 'int', label: t('得分', 'Score'), form: false, sortable: true },
    { name: 'passed', type: 'flag', dict: 'yes_no', label: t('通过', 'Passed'), form: false, search: 'eq' },
    time('examTime', '考试时间', 'Taken at', { form: false, sortable: true }),
  ],
});

export const planDetail = mall({
  name: 'planDetail',
  path: '/sq/plandetail',
  table: 'mall_plan_detail',
  label: t('学习计划明细', 'Study plan details'),
  permission: 'plandetail',
  endpoints: ['page', 'detail'],
  order: { field: 'studyDate', direction: 'desc' },
  fields: [
    text('planName', t('计划名称', 'Plan'), { form: false, search: 'like' }),
    ref('mallUserId', 'mallUser', '学员', 'Learner', { form: false }),
    ref('lessonId', 'lesson', '课程', 'Lesson', { form: false }),
    { name: 'studyDate', type: 'date', label: t('学习日期', 'Date'), form: false, sortable: true },
    { name: 'done', type: 'flag', dict: 'yes_no', label: t('已完成', 'Done'), form: false, search: 'eq' },
  ],
});

export const meeting = mall({
  name: 'meeting',
  path: '/meeting/meeting',
  table: 'mall_meeting',
  label: t('会议', 'Meetings'),
  permission: 'equitycode',
  endpoints: ['page', 'detail', 'remove', 'submit', 'select'],
  order: { field: 'startTime', direction: 'desc' },
  fields: [
    title('会议名称', 'Title'),
    time('startTime', '开始时间', 'Starts', {
      required: t('请选择开始时间', 'Choose the start time'),
      sortable: true,
    }),
    ends(),
    {
      name: 'codeQuantity',
      type: 'int',
      label: t('权益码数量', 'Codes to issue'),
      required: t('请输入权益码数量', 'Enter how many codes'),
      min: 1,
      max: EQUITY_CODES_MAX,
    },
    time('codeValidUntil', '权益码有效期至', 'Codes valid until', {
      required: t('请选择权益码有效期', 'Choose until when codes are valid'),
    }),
    { name: 'codesGenerated', type: 'int', label: t('已生成', 'Generated'), form: false, default: 0 },
  ],
});

export const equityCode = mall({
  name: 'equityCode',
  path: '/meeting/equitycode',
  table: 'mall_equity_code',
  label: t('会议权益码', 'Equity codes'),
  permission: 'equitycode',
  endpoints: ['page', 'detail'],
  order: { field: 'createTime', direction: 'desc' },
  fields: [
    ref('meetingId', 'meeting', '会议', 'Meeting', { form: false }),
    text('code', t('权益码', 'Code'), { form: false, search: 'eq', max: 16 }),
    biz('status', 'equity_code_status', ['使用状态', 'Use'], { form: false }),
    time('validUntil', '有效期至', 'Valid until', { form: false }),
    ref('usedBy', 'mallUser', '使用人', 'Used by', { form: false, list: false }),
    time('usedTime', '使用时间', 'Used at', { form: false }),
  ],
});
