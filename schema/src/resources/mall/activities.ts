import { EQUITY_CODES_MAX } from '../../rules.js';
import { act, t, text } from '../fields.js';
import { biz, ends, image, MOBILE, mall, ref, time, title } from './fields.js';

export const activity = mall({
  name: 'activity',
  table: 'mall_activity',
  label: t('活动管理', 'Activities'),
  permission: 'activity',
  screen: {
    sort: 11,
    path: '/mall/activity',
    icon: 'CalendarOutlined',
  },
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
  screen: {
    sort: 12,
    path: '/mall/activityuser',
    icon: 'UsergroupAddOutlined',
  },
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

export const meeting = mall({
  name: 'meeting',
  path: '/meeting/meeting',
  table: 'mall_meeting',
  label: t('会议', 'Meetings'),
  permission: 'equitycode',
  screen: {
    sort: 18,
    path: '/mall/equitycode',
    icon: 'CreditCardOutlined',
    label: t('会议权益码', 'Equity codes'),
    actions: [act('generate', t('生成权益码', 'Generate'), '/meeting/equitycode/generate', 'toolbar')],
  },
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
