/**
 * Benchmark: the web app as a browser gets it from the real server (production build of the
 * current source, in a directory of its own). Gzip sizes of the JS/CSS the sign-in page and the
 * signed-in home page (the shell) load on a cold cache; Lighthouse (desktop preset) performance
 * and accessibility of the sign-in page, the home dashboard and the user list page; the time from choosing 200 rows
 * a page to the rows filling the window and to the 200th row being in the DOM, in Chromium. Writes bench/results/web.json.
 *
 *   npm run bench -- web
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { loadConfig } from '../server/src/config.js';
import { nextId } from '../server/src/core/ids.js';
import { createServer } from '../server/src/server.js';
import { benchKind, database, machine } from './harness.js';
import { round } from './load.js';
import { recordResult } from './record.js';
import { bundleServer, PORTS, serverEnv, startServer, stopStarted } from './server-process.js';
import { seedUsers } from './users-data.js';

const root = join(import.meta.dirname, '..');
/** The vite the web workspace builds with (its own, as `npm run build` uses), not the test runner's. */
const webVite = join(
  dirname(createRequire(join(root, 'web', 'package.json')).resolve('vite/package.json')),
  'bin',
  'vite.js',
);
const kind = benchKind();
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const RENDER_RUNS = 5;
const LIST_PAGE = '/system/user/index';
const HOME_PAGE = '/wel/index';
const ROW = '.ant-table-tbody tr.ant-table-row';

interface Loaded {
  files: number;
  bytes: number;
  gzip: number;
  list: { file: string; gzip: number }[];
}

/** Gzip -9 sizes of the built files behind the given paths (`/` and page paths are index.html). */
function sizes(dist: string, paths: Iterable<string>): Loaded {
  const list = [...new Set(paths)].map((p) => {
    const file = p.startsWith('/assets/') ? p.slice(1) : 'index.html';
    const buf = readFileSync(join(dist, file));
    return { file, bytes: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  });
  const unique = [...new Map(list.map((f) => [f.file, f])).values()].sort((a, b) => b.gzip - a.gzip);
  return {
    files: unique.length,
    bytes: unique.reduce((n, f) => n + f.bytes, 0),
    gzip: unique.reduce((n, f) => n + f.gzip, 0),
    list: unique.map(({ file, gzip }) => ({ file, gzip })),
  };
}

/** Paths of the documents, scripts and style sheets the page loads from the server. */
function recordLoads(page: Page, origin: string): Set<string> {
  const seen = new Set<string>();
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin || url.pathname.startsWith('/api/')) return;
    const type = request.resourceType();
    if (type === 'document' || type === 'script' || type === 'stylesheet') seen.add(url.pathname);
  });
  return seen;
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The browser globals the in-page functions use (the root tsconfig has no DOM library). */
interface InPage {
  document: {
    body: object;
    querySelectorAll(selector: string): {
      length: number;
      item(index: number): { getBoundingClientRect(): { bottom: number } } | null;
    };
    addEventListener(
      type: 'mousedown',
      listener: (event: { target: { closest(selector: string): unknown } | null; timeStamp: number }) => void,
      options: { capture: boolean },
    ): void;
  };
  MutationObserver: new (
    callback: () => void,
  ) => {
    observe(target: object, options: { childList: boolean; subtree: boolean }): void;
    disconnect(): void;
  };
  performance: {
    now(): number;
    getEntriesByType(type: 'resource'): { name: string; startTime: number; responseEnd: number }[];
  };
  localStorage: { setItem(name: string, value: string): void };
  innerHeight: number;
  /** start: the option pressed; screen: rows down to the window's bottom edge are in; end: all 200. */
  benchMarks: { start?: number; screen?: number; end?: number };
}

async function browserFigures(url: string, dist: string) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const options = { viewport: { width: 1366, height: 800 }, locale: 'zh-CN' };
    // The sign-in page, then signing in as a person does.
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const signInLoads = recordLoads(page, url);
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
    await page.locator('#login-username').waitFor();
    const signInPage = sizes(dist, signInLoads);
    const beforeSignIn = new Set(signInLoads);
    await page.locator('#login-username').fill('admin');
    await page.locator('#login-password').fill('admin');
    await page.getByRole('button', { name: '登 录' }).click();
    await page.waitForURL(/\/wel\/index$/);
    await page.locator('.shell-sider').waitFor();
    await page.waitForLoadState('networkidle');
    const afterSignIn = sizes(
      dist,
      [...signInLoads].filter((p) => !beforeSignIn.has(p)),
    );
    const state: StorageState = await context.storageState();
    await context.close();

    // The shell: a signed-in browser opening the home page on a cold cache.
    const shellContext = await browser.newContext({ ...options, storageState: state });
    const shellPage = await shellContext.newPage();
    const shellLoads = recordLoads(shellPage, url);
    await shellPage.goto(`${url}${HOME_PAGE}`, { waitUntil: 'networkidle' });
    await shellPage.locator('.shell-sider').waitFor();
    const shell = sizes(dist, shellLoads);
    await shellContext.close();

    // 200 rows: from pressing the page-size option to the rows that fill the window (what is on
    // screen) and to the 200th row in the DOM; the first also from the API answer's arrival.
    const listContext = await browser.newContext({ ...options, storageState: state });
    const list = await listContext.newPage();
    const renderRunsMs: number[] = [];
    const screenRunsMs: number[] = [];
    const screenAfterAnswerRunsMs: number[] = [];
    /** Of each run, the time of the page's API request (the rest is the browser's). */
    const answerRunsMs: number[] = [];
    for (let i = 0; i < RENDER_RUNS; i++) {
      await list.goto(`${url}${LIST_PAGE}`, { waitUntil: 'networkidle' });
      await list.locator(ROW).nth(9).waitFor();
      await list.evaluate((row) => {
        const w = globalThis as unknown as InPage;
        const marks: InPage['benchMarks'] = {};
        w.benchMarks = marks;
        w.document.addEventListener(
          'mousedown',
          (event) => {
            if (event.target?.closest('.ant-select-item-option')) marks.start ??= event.timeStamp;
          },
          { capture: true },
        );
        const observer = new w.MutationObserver(() => {
          if (marks.start === undefined) return;
          const rows = w.document.querySelectorAll(row);
          // Rows beyond the first ten (the page before) reaching the window's bottom edge.
          const last = rows.length > 10 ? rows.item(rows.length - 1) : null;
          if (last && last.getBoundingClientRect().bottom >= w.innerHeight)
            marks.screen ??= w.performance.now();
          if (rows.length >= 200) {
            marks.screen ??= w.performance.now();
            marks.end = w.performance.now();
            observer.disconnect();
          }
        });
        observer.observe(w.document.body, { childList: true, subtree: true });
      }, ROW);
      await list.locator('.ant-pagination-options .ant-select').click();
      await list.locator('.ant-select-item-option').filter({ hasText: /^200/ }).click();
      await list.waitForFunction(
        () => (globalThis as unknown as InPage).benchMarks.end !== undefined,
        undefined,
        { timeout: 30_000 },
      );
      const marks = await list.evaluate(() => {
        const w = globalThis as unknown as InPage;
        const answer = w.performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('size=200'))
          .at(-1);
        return {
          ...w.benchMarks,
          answerMs: answer ? answer.responseEnd - answer.startTime : 0,
          answerEnd: answer?.responseEnd ?? 0,
        };
      });
      if (marks.start === undefined || marks.end === undefined || marks.screen === undefined)
        throw new Error('200 rows: no marks');
      renderRunsMs.push(round(marks.end - marks.start, 0));
      screenRunsMs.push(round(marks.screen - marks.start, 0));
      screenAfterAnswerRunsMs.push(round(marks.screen - marks.answerEnd, 0));
      answerRunsMs.push(round(marks.answerMs, 0));
    }
    await listContext.close();
    return {
      signInPage,
      afterSignIn,
      shell,
      renderRunsMs,
      screenRunsMs,
      screenAfterAnswerRunsMs,
      answerRunsMs,
      state,
    };
  } finally {
    await browser.close();
  }
}

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  metricsMs: Record<string, number>;
  cumulativeLayoutShift: number;
}

/**
 * One Lighthouse run (desktop preset) in a Chromium of its own. With `state`, the browser is
 * signed in first (cookies and local storage as the web app keeps them) without loading any of
 * the app, so the page is still measured on a cold cache.
 */
async function audit(url: string, port: number, state?: StorageState): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    port,
    logLevel: 'silent',
  });
  try {
    if (state) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const context = browser.contexts()[0]!;
      await context.addCookies(state.cookies);
      const page = await context.newPage();
      const origin = new URL(url).origin;
      await page.goto(`${origin}/api/health`);
      const entries = state.origins.find((o) => o.origin === origin)?.localStorage ?? [];
      await page.evaluate((items) => {
        for (const { name, value } of items)
          (globalThis as unknown as InPage).localStorage.setItem(name, value);
      }, entries);
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        hostname: '127.0.0.1',
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: state !== undefined,
      },
      desktopConfig,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits } = result.lhr;
    const ms = (id: string) => round(audits[id]?.numericValue ?? Number.NaN, 0);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      metricsMs: {
        firstContentfulPaint: ms('first-contentful-paint'),
        largestContentfulPaint: ms('largest-contentful-paint'),
        totalBlockingTime: ms('total-blocking-time'),
        speedIndex: ms('speed-index'),
      },
      cumulativeLayoutShift: round(audits['cumulative-layout-shift']?.numericValue ?? Number.NaN, 3),
    };
  } finally {
    const exited = chrome.process.exitCode === null ? once(chrome.process, 'exit') : Promise.resolve();
    chrome.kill();
    await exited;
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Lighthouse runs per page: one run's score moves by ten points on this machine. */
const AUDIT_RUNS = 3;

/** The run of median performance among `AUDIT_RUNS`, with every run's score beside it. */
async function auditMedian(
  url: string,
  port: number,
  state?: StorageState,
): Promise<LighthouseFigures & { performanceRuns: number[] }> {
  const runs: LighthouseFigures[] = [];
  for (let i = 0; i < AUDIT_RUNS; i++) runs.push(await audit(url, port, state));
  const byScore = [...runs].sort((a, b) => a.performance - b.performance);
  return {
    ...byScore[Math.floor(runs.length / 2)]!,
    performanceRuns: runs.map((r) => r.performance),
  };
}

async function main(): Promise<void> {
  const dist = mkdtempSync(join(tmpdir(), 'bench-web-dist-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const db = await database(kind);
  try {
    execFileSync(
      process.execPath,
      [webVite, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'],
      {
        cwd: join(root, 'web'),
        stdio: 'inherit',
        env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
      },
    );
    const env = { ...serverEnv(dataDir, db.url), WEB_DIST: dist };
    // Enough users for a page of 200.
    const app = await createServer(loadConfig({ ...env, LOG_LEVEL: 'warn' }));
    await seedUsers(app, { count: 5000, deptIds: Array.from({ length: 5 }, () => nextId()) });
    await app.close();
    const server = await startServer(await bundleServer(), PORTS.web, env);

    const browser = await browserFigures(server.url, dist);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`sign-in page: ${browser.signInPage.files} files, ${kb(browser.signInPage.gzip)} gzip`);
    console.log(`shell (home page signed in): ${browser.shell.files} files, ${kb(browser.shell.gzip)} gzip`);
    console.log(
      `200 rows: all in ${browser.renderRunsMs.join(', ')} ms, the window filled in ${browser.screenRunsMs.join(', ')} ms (${browser.screenAfterAnswerRunsMs.join(', ')} ms after the answer; the API answer ${browser.answerRunsMs.join(', ')} ms)`,
    );

    const signIn = await auditMedian(`${server.url}/login`, PORTS.browser);
    const home = await auditMedian(`${server.url}${HOME_PAGE}`, PORTS.browser + 2, browser.state);
    const userList = await auditMedian(`${server.url}${LIST_PAGE}`, PORTS.browser + 1, browser.state);
    for (const [path, figures] of [
      ['/login', signIn],
      [HOME_PAGE, home],
      [LIST_PAGE, userList],
    ] as const) {
      console.log(
        `Lighthouse ${path}: performance ${figures.performance} (runs ${figures.performanceRuns.join(', ')}), accessibility ${figures.accessibility}`,
      );
    }

    recordResult('web', {
      machine: machine(),
      note: 'Shared 2-core machine: others run tests and builds at the same time, so figures are noisy (see loadAverageAtStart). Lighthouse: the run of median performance of three per page.',
      database: kind,
      sizes: {
        signInPage: browser.signInPage,
        shell: browser.shell,
        loadedBySigningIn: browser.afterSignIn,
      },
      lighthouse: {
        preset: 'desktop',
        signInPage: signIn,
        home: { path: HOME_PAGE, ...home },
        userList: { path: LIST_PAGE, ...userList },
      },
      render200Rows: {
        path: LIST_PAGE,
        medianMs: median(browser.renderRunsMs),
        runsMs: browser.renderRunsMs,
        /** The rows that fill the window (1366×800) in the DOM: what a person sees first. */
        onScreenMedianMs: median(browser.screenRunsMs),
        onScreenAfterAnswerMedianMs: median(browser.screenAfterAnswerRunsMs),
        onScreenAfterAnswerRunsMs: browser.screenAfterAnswerRunsMs,
        apiAnswerRunsMs: browser.answerRunsMs,
      },
    });
  } finally {
    await stopStarted();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(dist, { recursive: true, force: true });
  }
}

await main();
