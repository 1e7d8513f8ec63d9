import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, README_EXAMPLE_SECRET } from './config.js';

const dir = mkdtempSync(join(tmpdir(), 'blade-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const production = {
  NODE_ENV: 'production',
  DATA_DIR: dir,
  JWT_SECRET: 'p'.repeat(40),
  DATA_KEY: 'd'.repeat(40),
  ADMIN_PASSWORD: 'a-strong-password',
  CLIENT_SECRET: 'a-client-secret',
};

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: `sqlite:${join(dir, 'app.db')}`,
      accessTokenTtl: 3600,
      loginMaxFailures: 5,
      corsOrigins: [],
      captchaMode: false,
      tenantMode: false,
      switchMode: false,
      clientId: 'saber',
      clientSecret: 'saber_secret',
    });
  });

  it('generates the embedded signing secret once and keeps it under DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('refuses weak secrets and default credentials in production', () => {
    expect(() => loadConfig(production)).not.toThrow();
    const refusals: Array<[Record<string, string | undefined>, RegExp]> = [
      [{ JWT_SECRET: undefined }, /JWT_SECRET must be set/],
      [{ JWT_SECRET: 'short' }, /at least 32 bytes/],
      [{ JWT_SECRET: README_EXAMPLE_SECRET }, /README example/],
      [{ ADMIN_PASSWORD: undefined }, /ADMIN_PASSWORD/],
      [{ ADMIN_PASSWORD: 'admin' }, /ADMIN_PASSWORD/],
      [{ CLIENT_SECRET: 'saber_secret' }, /CLIENT_SECRET/],
      [{ DATA_KEY: undefined }, /DATA_KEY/],
    ];
    for (const [change, message] of refusals) {
      expect(() => loadConfig({ ...production, ...change })).toThrow(ConfigError);
      expect(() => loadConfig({ ...production, ...change })).toThrow(message);
    }
  });

  it('names the variable that is not valid', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dir, CAPTCHA_MODE: 'maybe' })).toThrow(/CAPTCHA_MODE/);
  });

  it('takes a scrape token for /metrics of at least 16 characters, and none when empty', () => {
    expect(loadConfig({ DATA_DIR: dir }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, METRICS_TOKEN: 's'.repeat(16) }).metricsToken).toBe('s'.repeat(16));
    expect(() => loadConfig({ DATA_DIR: dir, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
