import { type LazyPage, lazyPage } from '../app/lazy';
import type { ScreenPageProps } from './ResourcePage';

type Page = LazyPage;

/** A mall page made by a factory of pages/mall (uploads, money in yuan, the reply dialog). */
const mall = (name: string): Page =>
  lazyPage(() => import('../pages/mall/MallCrud').then((m) => ({ default: m.mallPage(name) })));
const reply = (name: string): Page =>
  lazyPage(() => import('../pages/mall/ReplyPage').then((m) => ({ default: m.replyPage(name) })));

const regionPage = lazyPage(() => import('../pages/system/RegionPage'));
const dictPage = lazyPage(() => import('../pages/system/DictHorizontalPage'));

/**
 * The page of each menu path that needs more than its declaration, each its own chunk. A simple
 * resource's screen needs no line: its menu code finds the declaration (screenPage below).
 */
export const pages: Readonly<Record<string, Page>> = {
  '/system/user': lazyPage(() => import('../pages/system/UserPage')),
  '/system/topmenu': lazyPage(() => import('../pages/system/TopMenuPage')),
  // Seeded as /system/dict (Saber's view of dictionaries); the spec's fixed route and installs
  // seeded before keep /dict-horizontal.
  '/dict-horizontal': dictPage,
  '/system/dict': dictPage,
  '/dict-vertical': lazyPage(() => import('../pages/system/DictVerticalPage')),
  '/system/dictbiz': lazyPage(() => import('../pages/system/DictBizPage')),
  '/system/tenant': lazyPage(() => import('../pages/system/TenantPage')),
  '/system/tenantpackage': lazyPage(() => import('../pages/system/TenantPackagePage')),
  // Seeded as /base/region (Saber's view of regions); installs seeded before keep /system/region.
  '/base/region': regionPage,
  '/system/region': regionPage,
  '/system/job': lazyPage(() => import('../pages/job/JobPage')),
  '/monitor/log/change': lazyPage(() => import('../pages/log/ChangeLogPage')),
  '/authority/role': lazyPage(() => import('../pages/system/RolePage')),
  '/resource/oss': lazyPage(() => import('../pages/resource/OssPage')),
  '/resource/sms': lazyPage(() => import('../pages/resource/SmsPage')),
  '/resource/attach': lazyPage(() => import('../pages/resource/AttachPage')),
  '/tool/datasource': lazyPage(() => import('../pages/develop/DatasourcePage')),
  '/mall/banner': mall('banner'),
  '/mall/publicize': mall('publicize'),
  '/mall/linkstype': mall('linksType'),
  '/mall/living': mall('living'),
  '/mall/lessoncolumn': mall('lessonColumn'),
  '/mall/lesson': mall('lesson'),
  '/mall/questions': mall('questions'),
  '/mall/activity': mall('activity'),
  '/mall/activityuser': mall('activityUser'),
  '/mall/dynamic': mall('dynamic'),
  '/mall/product': mall('product'),
  '/mall/consult': reply('consult'),
  '/mall/suggest': reply('suggest'),
  '/mall/links': lazyPage(() => import('../pages/mall/LinksPage')),
  '/mall/order': lazyPage(() => import('../pages/mall/OrderPage')),
  '/mall/user': lazyPage(() => import('../pages/mall/MallUserPage')),
  '/mall/equitycode': lazyPage(() => import('../pages/mall/EquityCodePage')),
  '/report/reportlist': lazyPage(() => import('../pages/report/ReportPage')),
  '/flow/model': lazyPage(() => import('../pages/flow/ModelPage')),
  '/flow/deploy': lazyPage(() => import('../pages/flow/DeployPage')),
  '/flow/follow': lazyPage(() => import('../pages/flow/FollowPage')),
  '/work/start': lazyPage(() => import('../pages/work/StartPage')),
  '/work/claim': lazyPage(() => import('../pages/work/ClaimPage')),
  '/work/todo': lazyPage(() => import('../pages/work/TodoPage')),
  '/work/send': lazyPage(() => import('../pages/work/SendPage')),
  '/work/done': lazyPage(() => import('../pages/work/DonePage')),
  '/tool/code': lazyPage(() => import('../pages/develop/CodePage')),
  '/tool/apidoc': lazyPage(() => import('../pages/develop/ApiDocPage')),
};

/** The generic page of a screen's declared resource, found by the screen's menu code. */
export const screenPage = lazyPage<ScreenPageProps>(() =>
  import('./ResourcePage').then((m) => ({ default: m.ScreenPage })),
);

/**
 * The page of a menu path no built page serves: a resource registered by the code generator at
 * run time (its declaration comes from the server), else the fallback it is given.
 */
export const generatedPage = lazyPage(() => import('../pages/develop/GeneratedPage'));

/** The page of a menu path or route path: '/system/user', '/system/user/index' and '/dict-vertical/index' all match. */
export function pageFor(path: string): Page | undefined {
  const clean = `/${path.split('?')[0]?.replace(/^\/+|\/+$/g, '') ?? ''}`.replace(/\/index$/, '');
  return pages[clean];
}
