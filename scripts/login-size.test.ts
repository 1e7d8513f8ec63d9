import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

/** A copy of bench/login-size.mjs beside a small built web app, as the web build runs it. */
function builtCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'login-size-'));
  mkdirSync(join(dir, 'bench'));
  copyFileSync(join(root, 'bench/login-size.mjs'), join(dir, 'bench/login-size.mjs'));
  const dist = join(dir, 'web/dist');
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index.js', css: ['assets/index.css'] },
      'src/pages/login/LoginPage.tsx': { file: 'assets/LoginPage.js', imports: ['index.html'] },
    }),
  );
  for (const file of ['index.html', 'assets/index.js', 'assets/index.css', 'assets/LoginPage.js'])
    writeFileSync(join(dist, file), `/* ${file} */`);
  return dir;
}

describe('bench/login-size.mjs', () => {
  const dir = builtCopy();
  const result = join(dir, 'bench/results/login-size.json');
  afterAll(() => rmSync(dir, { recursive: true }));

  it('only checks when the web build runs it, so a first npm start leaves the tracked result as it was', () => {
    execFileSync(process.execPath, [join(dir, 'bench/login-size.mjs')], { stdio: 'pipe' });
    expect(existsSync(result)).toBe(false);
  });

  it('writes the result when asked to record it', () => {
    execFileSync(process.execPath, [join(dir, 'bench/login-size.mjs'), '--record'], { stdio: 'pipe' });
    expect(existsSync(result)).toBe(true);
  });
});
