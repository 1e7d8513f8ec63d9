import { t, text } from '../fields.js';
import { MOBILE, mall, replyFields } from './fields.js';

export const consult = mall({
  name: 'consult',
  table: 'mall_consult',
  label: t('咨询管理', 'Consultations'),
  permission: 'consult',
  screen: {
    sort: 5,
    path: '/mall/consult',
    icon: 'CustomerServiceOutlined',
  },
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
  screen: {
    sort: 6,
    path: '/mall/suggest',
    icon: 'BulbOutlined',
  },
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
