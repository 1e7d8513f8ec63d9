import { type LazyPage, lazyPage } from '../app/lazy';
import type { ScreenPageProps } from '../crud/ResourcePage';

type Page = LazyPage;

/** A mall page made by a factory of pages/mall (uploads, money in yuan, the reply dialog). */
const mall = (name: string): Page =>
  lazyPage(() =>
    import('./mall/MallCrud').then((m) => ({
      default: m.mallPage(name),
      prefetch: () => m.prefetchMallPage(name),
    })),
  );
const reply = (name: string): Page =>
  lazyPage(() => import('./mall/ReplyPage').then((m) => ({ default: m.replyPage(name) })));

const regionPage = lazyPage(() => import('./system/RegionPage'));
const dictPage = lazyPage(() => import('./system/DictHorizontalPage'));

/**
 * The page of each menu path that needs more than its declaration, each its own chunk. A simple
 * resource's screen needs no line: its menu code finds the declaration (screenPage below).
 */
export const pages: Readonly<Record<string, Page>> = {
  '/system/user': lazyPage(() => import('./system/UserPage')),
  '/system/topmenu': lazyPage(() => import('./system/TopMenuPage')),
  // Seeded as /system/dict (Saber's view of dictionaries); the spec's fixed route and installs
  // seeded before keep /dict-horizontal.
  '/dict-horizontal': dictPage,
  '/system/dict': dictPage,
  '/dict-vertical': lazyPage(() => import('./system/DictVerticalPage')),
  '/system/dictbiz': lazyPage(() => import('./system/DictBizPage')),
  '/system/tenant': lazyPage(() => import('./system/TenantPage')),
  '/system/tenantpackage': lazyPage(() => import('./system/TenantPackagePage')),
  // Seeded as /base/region (Saber's view of regions); installs seeded before keep /system/region.
  '/base/region': regionPage,
  '/system/region': regionPage,
  '/system/job': lazyPage(() => import('./job/JobPage')),
  '/system/monitor': lazyPage(() => import('./monitor/MonitorPage')),
  '/system/online': lazyPage(() => import('./system/OnlinePage')),
  '/monitor/log/change': lazyPage(() => import('./log/ChangeLogPage')),
  '/authority/role': lazyPage(() => import('./system/RolePage')),
  '/resource/oss': lazyPage(() => import('./resource/OssPage')),
  '/resource/sms': lazyPage(() => import('./resource/SmsPage')),
  '/resource/attach': lazyPage(() => import('./resource/AttachPage')),
  '/tool/datasource': lazyPage(() => import('./develop/DatasourcePage')),
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
  '/mall/links': lazyPage(() => import('./mall/LinksPage')),
  '/mall/order': lazyPage(() => import('./mall/OrderPage')),
  '/mall/user': lazyPage(() => import('./mall/MallUserPage')),
  '/mall/equitycode': lazyPage(() => import('./mall/EquityCodePage')),
  '/report/reportlist': lazyPage(() => import('./report/ReportPage')),
  '/flow/model': lazyPage(() => import('./flow/ModelPage')),
  '/flow/deploy': lazyPage(() => import('./flow/DeployPage')),
  '/flow/follow': lazyPage(() => import('./flow/FollowPage')),
  '/work/start': lazyPage(() => import('./work/StartPage')),
  '/work/claim': lazyPage(() => import('./work/ClaimPage')),
  '/work/todo': lazyPage(() => import('./work/TodoPage')),
  '/work/send': lazyPage(() => import('./work/SendPage')),
  '/work/done': lazyPage(() => import('./work/DonePage')),
  '/tool/code': lazyPage(() => import('./develop/CodePage')),
  '/tool/apidoc': lazyPage(() => import('./develop/ApiDocPage')),
};

/** The generic page of a screen's declared resource, found by the screen's menu code. */
export const screenPage = lazyPage<ScreenPageProps>(() =>
  import('../crud/ResourcePage').then((m) => ({ default: m.ScreenPage })),
);

/**
 * The page of a menu path no built page serves: a resource registered by the code generator at
 * run time (its declaration comes from the server), else the fallback it is given.
 */
export const generatedPage = lazyPage(() => import('./develop/GeneratedPage'));

/** The page of a menu path or route path: '/system/user', '/system/user/index' and '/dict-vertical/index' all match. */
export function pageFor(path: string): Page | undefined {
  const clean = `/${path.split('?')[0]?.replace(/^\/+|\/+$/g, '') ?? ''}`.replace(/\/index$/, '');
  return pages[clean];
}
