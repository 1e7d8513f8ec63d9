import { expect, type Page, type Request, test } from '@playwright/test';
import { signIn } from './helpers';

/**
 * The administrator opens every menu entry (as the server lists it) at phone and desktop width, and
 * those with layouts of their own at tablet width; each page must load without console errors,
 * failed calls, placeholders or sideways overflow (of the window, of the content area, or inside a
 * card).
 */

interface MenuNode {
  name: string;
  path?: string;
  isOpen?: number;
  children?: MenuNode[];
}

interface Leaf {
  name: string;
  path: string;
}

const SIZES = {
  phone: { width: 375, height: 812 },
  tablet: { width: 800, height: 1024 },
  desktop: { width: 1440, height: 900 },
} as const;

/**
 * At tablet width only the pages laid out by their own code (side-by-side parts, trees beside
 * lists, designers, wide filter rows): the generic list pages share one layout, walked at phone
 * and desktop width, and walking them all three times would make the spec too slow for CI.
 */
const OWN_LAYOUT =
  /dict|region|\/system\/(user|job|tenant)|\/authority\/role|\/log\/change|\/tool\/|\/flow\/|\/report\/|\/mall\/(order|links)|\/resource\/|\/work\//;

/** What an unfinished or broken page says, in either language. */
const PLACEHOLDERS =
  /页面尚未完成|Page not built yet|页面出错了|This page failed|您访问的页面不存在|page you visited does not exist/;

/** The menu as the server sends it to the signed-in administrator. */
async function menuLeaves(page: Page): Promise<Leaf[]> {
  const tree = await page.evaluate(async () => {
    const raw = window.localStorage.getItem('saber-token') ?? window.sessionStorage.getItem('saber-token');
    const token = raw ? (JSON.parse(raw) as { content: string }).content : '';
    const res = await fetch('/api/blade-system/menu/routes', {
      headers: { Authorization: `Basic ${btoa('saber:saber_secret')}`, 'Blade-Auth': `bearer ${token}` },
    });
    return ((await res.json()) as { data: unknown }).data;
  });
  const leaves: Leaf[] = [];
  const walk = (nodes: MenuNode[]): void => {
    for (const n of nodes) {
      if (n.children?.length) walk(n.children);
      // New-window entries (新窗口 是, isOpen 1) and outside addresses leave the app; they are not its pages.
      else if (n.path && n.isOpen !== 1 && !/^https?:/.test(n.path)) {
        const clean = `/${n.path.replace(/^\/+|\/+$/g, '')}`;
        leaves.push({ name: n.name, path: clean.endsWith('/index') ? clean : `${clean}/index` });
      }
    }
  };
  walk(tree as MenuNode[]);
  return leaves;
}

/** Everything that went wrong on the page since the last call, in words. */
function watchProblems(page: Page): () => string[] {
  let problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    // A call the page itself gave up (it navigated or unmounted) is not a failure of the server.
    if (req.failure()?.errorText === 'net::ERR_ABORTED') return;
    if (req.url().includes('/api/'))
      problems.push(`call failed: ${req.method()} ${req.url()} (${req.failure()?.errorText ?? 'no reason'})`);
  });
  page.on('response', async (res) => {
    if (!res.url().includes('/api/')) return;
    const where = `${res.request().method()} ${res.url()}`;
    if (res.status() < 200 || res.status() > 299) {
      problems.push(`HTTP ${res.status()}: ${where}`);
      return;
    }
    if (!(res.headers()['content-type'] ?? '').includes('json')) return;
    const body = (await res.json().catch(() => null)) as { code?: unknown; msg?: unknown } | null;
    if (body && typeof body.code === 'number' && body.code !== 200)
      problems.push(`code ${body.code} (${String(body.msg)}): ${where}`);
  });
  return () => {
    const out = problems;
    problems = [];
    return out;
  };
}

/** Calls to the server not yet answered (the page is settled when none are). */
function inFlight(page: Page): () => string[] {
  const open = new Set<Request>();
  page.on('request', (req) => {
    // The notice stream stays open for as long as the app runs.
    if (req.url().includes('/api/') && !req.url().endsWith('/stream')) open.add(req);
  });
  page.on('requestfinished', (req) => open.delete(req));
  page.on('requestfailed', (req) => open.delete(req));
  return () => [...open].map((r) => r.url());
}

/**
 * Sideways overflow inside the page: the content area scrolls sideways, or a card is wider than the
 * content area or than its own box (a table scrolling inside its own scroller is fine).
 */
async function overflowInside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const area = document.querySelector<HTMLElement>('.shell-content');
    const shown = [...document.querySelectorAll<HTMLElement>('.shell-page')].find(
      (p) => p.offsetParent !== null,
    );
    if (!area || !shown) return out;
    const edge = area.getBoundingClientRect().right;
    if (area.scrollWidth > area.clientWidth + 1)
      out.push(`content scrolls sideways by ${area.scrollWidth - area.clientWidth}px`);
    for (const card of shown.querySelectorAll<HTMLElement>('.ant-card')) {
      const title = card.querySelector('.ant-card-head-title')?.textContent ?? 'untitled';
      const beyond = Math.round(card.getBoundingClientRect().right - edge);
      if (beyond > 1) out.push(`card "${title}" runs ${beyond}px past the content area`);
      else if (card.scrollWidth > card.clientWidth + 1)
        out.push(`card "${title}" overflows itself by ${card.scrollWidth - card.clientWidth}px`);
    }
    return out;
  });
}

/** Opens a path inside the running app the way a menu click does (no reload). */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`every menu entry works at ${size} width (${viewport.width}×${viewport.height})`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    const problems = watchProblems(page);
    const pending = inFlight(page);
    await signIn(page);
    const all = await menuLeaves(page);
    expect(all.length).toBeGreaterThan(20);
    const leaves = size === 'tablet' ? all.filter((l) => OWN_LAYOUT.test(l.path)) : all;

    const found: string[] = [];
    for (const leaf of leaves) {
      await openInApp(page, leaf.path);
      await expect(page).toHaveURL(new RegExp(`${leaf.path.replace(/[?]/g, '\\?')}$`));
      // The router keeps the previous page on screen while the next one's code loads: wait for this one.
      await expect(page.locator(`.shell-page[data-path="${leaf.path}"]:visible`)).toHaveCount(1);
      const content = page.locator('.shell-page:visible');
      await expect(content).toHaveCount(1);
      // Settled: no call under way and no spinner left.
      await expect(content.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
      await expect.poll(pending, { timeout: 20_000, message: leaf.path }).toEqual([]);

      const text = await content.innerText();
      const placeholder = PLACEHOLDERS.exec(text)?.[0];
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      const here = [
        ...problems(),
        ...(placeholder ? [`placeholder: ${placeholder}`] : []),
        ...(overflow > 0 ? [`wider than the window by ${overflow}px`] : []),
        ...(await overflowInside(page)),
      ];
      if (here.length) {
        found.push(`${leaf.name} (${leaf.path}):\n  ${here.join('\n  ')}`);
        await page.screenshot({
          path: test.info().outputPath(`${size}-${leaf.path.replaceAll('/', '_')}.png`),
        });
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
