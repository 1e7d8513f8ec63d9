/**
 * Drives the real Saber 4.9 against this server (docs/saber.md, "Saber itself in Chromium"). Not part
 * of CI, which cannot fetch Saber: run it by hand once Saber and the server are up as that page says.
 *
 *   SABER=http://127.0.0.1:7488 REDIS_PREFIX=saberrun: npx tsx e2e/saber/saber-walk.ts
 *
 * Signs in with Saber's defaults (captcha shown; the answer is read from the server's Redis), opens
 * every sidebar entry by clicking it, and checks each page works: no page error, no call answered
 * with an error, and the page's content drawn (Saber's list, or our page inside Saber's iframe).
 * Where a page has 新增, it adds a record, edits it and deletes it (saber-crud.ts). Prints a table.
 */
import { type Browser, chromium, type Frame, type Page } from '@playwright/test';
import Redis from 'ioredis';
import { networkSettled, watchNetwork } from './network';
import { type CrudResult, crudInFrame, crudInSaber, SETUP_NAMES } from './saber-crud';

const SABER = process.env.SABER ?? 'http://127.0.0.1:7488';
const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = process.env.REDIS_PREFIX ?? '';
/** Only entries whose name matches (a quicker rerun of a few). */
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;

interface MenuNode {
  name: string;
  code: string;
  path: string;
  children?: MenuNode[];
}

interface Row {
  folder: string;
  entry: string;
  opened: 'Saber view' | 'iframe';
  works: string;
  crud: CrudResult | undefined;
  note: string;
}

/** Signs in through Saber's form with its defaults, the captcha read from the server's store. */
async function signIn(page: Page, redis: Redis): Promise<MenuNode[]> {
  const captcha = page.waitForResponse((r) => r.url().includes('/api/blade-auth/captcha'));
  await page.goto(`${SABER}/login`);
  const { data } = (await (await captcha).json()) as { data: { key: string } };
  const answer = await redis.get(`${PREFIX}captcha:${data.key}`);
  if (!answer) throw new Error('no captcha answer in the store: is the server on this Redis and prefix?');
  await page.getByPlaceholder('请输入验证码').fill(answer);
  const routes = page.waitForResponse((r) => r.url().includes('/api/blade-system/menu/routes'));
  await page.getByRole('button', { name: '登录' }).click();
  return ((await (await routes).json()) as { data: MenuNode[] }).data;
}

interface Setup {
  /** The page a person adds it on. */
  page: string;
  /** Where that page lists it by name (found: an earlier run added it) and saves it. */
  find: string;
  submit: string;
  body: Record<string, unknown>;
}

/**
 * What a fresh install lacks and a form's required select needs, added first as a person would on
 * its own page before filling that form (here through the same calls, with Saber's token); each
 * stays for the walk: Saber's user form needs a post (所属岗位), a link needs a link type, an order
 * a product on sale in its product picker.
 */
const SETUP: Setup[] = [
  {
    page: '岗位管理',
    find: `/api/blade-system/post/list?postName=${SETUP_NAMES.post}`,
    submit: '/api/blade-system/post/submit',
    body: { category: 1, postCode: 'walk', postName: SETUP_NAMES.post, sort: 1 },
  },
  {
    page: '链接类型',
    find: `/api/mall/linkstype/page?name=${SETUP_NAMES.linkType}`,
    submit: '/api/mall/linkstype/submit',
    body: { name: SETUP_NAMES.linkType, sort: 1 },
  },
  {
    page: '商品管理',
    find: `/api/mall/product/page?name=${SETUP_NAMES.product}`,
    submit: '/api/mall/product/submit',
    // on sale (status 1): the order form offers only those
    body: { name: SETUP_NAMES.product, category: '1', price: 990, stock: 100, status: 1 },
  },
];

async function addSetup(page: Page): Promise<void> {
  for (const step of SETUP) {
    const answer = await page.evaluate(async ({ find, submit, body }) => {
      const token = decodeURIComponent(
        document.cookie.replace(/(?:^|.*; )saber3-access-token=([^;]*).*$/, '$1'),
      );
      const headers = { 'Blade-Auth': `bearer ${token}`, 'Content-Type': 'application/json' };
      const listed = (await (await fetch(encodeURI(find), { headers })).json()) as {
        data?: { total?: number };
      };
      if (listed.data?.total) return 200;
      const res = await fetch(submit, { method: 'POST', headers, body: JSON.stringify(body) });
      return res.status;
    }, step);
    if (answer !== 200) throw new Error(`adding on ${step.page} answered ${answer}`);
  }
}

/** A dialog a step left open would cover the sidebar: closed by its close button, as a person would. */
async function closeDialogs(page: Page): Promise<void> {
  const close = page.locator(
    '.el-overlay:visible :is(.el-dialog__headerbtn, .el-drawer__close-btn, .el-message-box__headerbtn):visible',
  );
  for (let i = 0; i < 3 && (await close.count()); i++) {
    // A dialog already closing is gone before the click: nothing to wait for then.
    await close
      .first()
      .click({ timeout: 3000 })
      .catch(() => undefined);
    await page
      .locator('.el-overlay:visible')
      .first()
      .waitFor({ state: 'hidden', timeout: 5000 })
      .catch(() => undefined);
  }
}

/**
 * 行政区划 adds below a picked region in its own form (not a list's 新增); what this run checks there
 * is the 调试 button, shown with region_debug, and its dialog.
 */
async function regionDebug(page: Page): Promise<string> {
  const button = page.getByRole('button', { name: '调试' });
  if (!(await button.isVisible())) return '✗ 调试 is not shown';
  await button.click();
  const dialog = page.locator('.el-dialog:visible').filter({ hasText: '行政区划数据调试' });
  await dialog.waitFor();
  await dialog.locator('.el-dialog__headerbtn').click();
  await dialog.waitFor({ state: 'hidden' });
  return '调试 shown; its dialog opens';
}

const verdict = (problems: string[]): string =>
  problems.length ? `✗ ${[...new Set(problems)].join('; ')}` : '✓';

/** Opens a leaf by its sidebar: the folder first (Saber opens one folder at a time). */
async function openEntry(page: Page, folder: string, leaf: string): Promise<void> {
  const sidebar = page.locator('.avue-sidebar');
  const sub = sidebar.locator('.el-sub-menu').filter({
    has: page.locator(':scope > .el-sub-menu__title', { hasText: folder }),
  });
  if (!(await sub.first().evaluate((el) => el.classList.contains('is-opened'))))
    await sub.first().locator(':scope > .el-sub-menu__title').click();
  await sub
    .first()
    .locator('.el-menu-item')
    .filter({ has: page.getByText(leaf, { exact: true }) })
    .first()
    .click();
}

/** Our page inside Saber's iframe, once /sso has signed it in and opened the entry. */
async function ourFrame(page: Page): Promise<Frame> {
  const iframe = page.locator('#avue-view iframe.iframe:visible');
  await iframe.waitFor({ timeout: 20_000 });
  const handle = await iframe.elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no iframe content');
  await frame.waitForURL((url) => !url.pathname.startsWith('/api/') && url.pathname !== '/sso', {
    timeout: 20_000,
  });
  await frame.locator('.shell-content').waitFor({ timeout: 20_000 });
  return frame;
}

async function main(): Promise<void> {
  const redis = new Redis(REDIS);
  const browser: Browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  watchNetwork(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  context.on('response', (r) => {
    if (!r.url().includes('/api/') || r.url().includes('/api/blade-saber/')) return;
    if (r.status() >= 400 && !r.url().includes('/blade-auth/token'))
      problems.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  const menu = await signIn(page, redis);
  await page.locator('.avue-sidebar').waitFor();
  await addSetup(page);
  const rows: Row[] = [];
  for (const folder of menu) {
    for (const leaf of folder.children ?? []) {
      if (ONLY && !ONLY.test(leaf.name)) continue;
      problems.length = 0;
      const framed = /^https?:/.test(leaf.path);
      const row: Row = {
        folder: folder.name,
        entry: leaf.name,
        opened: framed ? 'iframe' : 'Saber view',
        works: '',
        crud: undefined,
        note: '',
      };
      let opened = 0;
      try {
        await closeDialogs(page);
        await openEntry(page, folder.name, leaf.name);
        if (framed) {
          const frame = await ourFrame(page);
          await networkSettled(context);
          const broken = await frame.getByText(/页面出错了|页面尚未完成|您访问的页面不存在/).count();
          if (broken) problems.push('our page shows an error');
          opened = problems.length;
          row.works = verdict(problems);
          row.crud = await crudInFrame(frame, leaf.name);
        } else {
          await page
            .locator('#avue-view .basic-container:visible, #avue-view .avue-crud:visible')
            .first()
            .waitFor();
          await networkSettled(context);
          opened = problems.length;
          row.works = verdict(problems);
          if (leaf.code === 'region') row.note = await regionDebug(page);
          else row.crud = await crudInSaber(page, leaf.name);
        }
      } catch (error) {
        // The whole message (what Playwright waited for) on stderr; its first line in the table.
        console.error(`${leaf.name}: ${String(error instanceof Error ? error.message : error)}`);
        problems.push(String(error instanceof Error ? error.message.split('\n')[0] : error));
      }
      // Opening decides the page's verdict; a refusal while adding shows in the add column, and a
      // page error or a broken step after it here.
      const later = problems.slice(opened).filter((p) => p.startsWith('page error') || !/^\d{3} /.test(p));
      if (!row.works) row.works = verdict(problems);
      else if (later.length) row.works = `${row.works}; then ${verdict(later)}`;
      rows.push(row);
      console.log(JSON.stringify(row));
      await page.screenshot({ path: `/tmp/shots-saber-walk/${leaf.code}.png` }).catch(() => undefined);
    }
  }
  console.log('\n| Folder | Entry | Opens as | Page works | Add | Edit | Delete | Notes |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows)
    console.log(
      `| ${r.folder} | ${r.entry} | ${r.opened} | ${r.works} | ${r.crud?.add ?? '–'} | ${r.crud?.edit ?? '–'} | ${r.crud?.remove ?? '–'} | ${r.note} |`,
    );
  await browser.close();
  redis.disconnect();
}

void main();
