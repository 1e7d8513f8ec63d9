import { LINK_RULE } from '../../rules.js';
import { sort, t, text } from '../fields.js';
import { biz, contentStatus, ends, image, mall, money, ref, time, title } from './fields.js';

export const living = mall({
  name: 'living',
  table: 'mall_living',
  label: t('直播管理', 'Live sessions'),
  permission: 'living',
  screen: {
    sort: 7,
    path: '/mall/living',
    icon: 'VideoCameraOutlined',
  },
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
  screen: {
    sort: 8,
    path: '/mall/lessoncolumn',
    icon: 'AppstoreOutlined',
  },
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
  screen: {
    sort: 9,
    path: '/mall/lesson',
    icon: 'ReadOutlined',
  },
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
  screen: {
    sort: 10,
    path: '/mall/questions',
    icon: 'QuestionCircleOutlined',
  },
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

export const planDetail = mall({
  name: 'planDetail',
  path: '/sq/plandetail',
  table: 'mall_plan_detail',
  label: t('学习计划明细', 'Study plan details'),
  permission: 'plandetail',
  screen: {
    sort: 17,
    path: '/mall/plandetail',
    icon: 'OrderedListOutlined',
    label: t('计划明细', 'Plan details'),
    remark: 'read-only list',
  },
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
