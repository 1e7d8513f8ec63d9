import { LINKS_RULE } from '../../rules.js';
import { act, remark, sort, t, text } from '../fields.js';
import { biz, image, MOBILE, mall, money, ref, time } from './fields.js';

export const product = mall({
  name: 'product',
  table: 'mall_product',
  label: t('商品管理', 'Products'),
  permission: 'product',
  screen: {
    sort: 14,
    path: '/mall/product',
    icon: 'ShoppingOutlined',
  },
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
  screen: {
    sort: 15,
    path: '/mall/order',
    icon: 'AccountBookOutlined',
  },
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
  screen: {
    sort: 16,
    path: '/mall/user',
    icon: 'IdcardOutlined',
    actions: [act('exam', t('考试记录', 'Exams'), '/mall/user/exam/page', 'row')],
  },
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
