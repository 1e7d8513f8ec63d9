import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const root = join(import.meta.dirname, '..');
/** E2E_PORT_BASE moves the three test servers, so two suites can run side by side. */
const BASE = Number(process.env.E2E_PORT_BASE ?? 18080);
const DEFAULT_PORT = BASE;
const CAPTCHA_PORT = BASE + 1;
const MODES_PORT = BASE + 2;
/**
 * The suite signs in as admin many times a minute, and some tests fail on purpose, all from one
 * address; lift the per-account, per-address and failures-per-address limits for it.
 */
const RATE = {
  LOGIN_RATE_PER_ACCOUNT: '1000',
  LOGIN_RATE_PER_IP: '1000',
  LOGIN_ADDRESS_MAX_FAILURES: '1000',
};

/** A fresh data directory per run, removed on exit (only the runner process starts servers; workers skip this). */
function dataDir(name: string): string {
  if (process.env.TEST_WORKER_INDEX !== undefined) return '';
  const dir = mkdtempSync(join(tmpdir(), `blade-e2e-${name}-`));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  // Workers inherit it: a test may reach its server's SQLite file (E2E_DATA_DIR_DEFAULT, …).
  process.env[`E2E_DATA_DIR_${name.toUpperCase()}`] = dir;
  return dir;
}

const server = (port: number, name: string, env: Record<string, string> = {}) => ({
  command: 'node scripts/start.mjs',
  cwd: root,
  url: `http://127.0.0.1:${port}/api/public/settings`,
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir(name), LOG_LEVEL: 'warn', ...RATE, ...env },
});

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  // One retry on CI absorbs a timing hiccup of the 2-core machine; a test that fails twice still fails.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    headless: true,
    locale: 'zh-CN',
    viewport: { width: 1366, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'default',
      testIgnore: /(captcha|modes)\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${DEFAULT_PORT}` },
    },
    {
      name: 'captcha',
      testMatch: /captcha\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${CAPTCHA_PORT}` },
    },
    {
      name: 'modes',
      testMatch: /modes\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${MODES_PORT}` },
    },
  ],
  webServer: [
    server(DEFAULT_PORT, 'default'),
    server(CAPTCHA_PORT, 'captcha', { CAPTCHA_MODE: 'true' }),
    // tenant and switch modes, and a short token time so the 10-second refresh check fires during a test
    server(MODES_PORT, 'modes', { TENANT_MODE: 'true', SWITCH_MODE: 'true', TOKEN_TIME: '12' }),
  ],
});
