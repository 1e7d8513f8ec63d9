import { LINK_RULE, LINKS_RULE } from '../../rules.js';
import { act, remark, sort, t, text } from '../fields.js';
import { biz, contentStatus, image, mall, ref, time, title } from './fields.js';

export const banner = mall({
  name: 'banner',
  table: 'mall_banner',
  label: t('轮播管理', 'Banners'),
  permission: 'banner',
  screen: {
    sort: 1,
    path: '/mall/banner',
    icon: 'PictureOutlined',
  },
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
  screen: {
    sort: 2,
    path: '/mall/publicize',
    icon: 'SoundOutlined',
  },
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
  screen: {
    sort: 4,
    path: '/mall/linkstype',
    icon: 'TagsOutlined',
  },
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
  screen: {
    sort: 3,
    path: '/mall/links',
    icon: 'LinkOutlined',
    actions: [act('export', t('导出', 'Export'), '/mall/links/export', 'toolbar')],
  },
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

export const dynamic = mall({
  name: 'dynamic',
  table: 'mall_dynamic',
  label: t('动态管理', 'Dynamics'),
  permission: 'dynamic',
  screen: {
    sort: 13,
    path: '/mall/dynamic',
    icon: 'CommentOutlined',
  },
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
