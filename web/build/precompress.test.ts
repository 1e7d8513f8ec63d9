import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ResolvedConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Runs the plugin's hooks on a build folder as Vite would after writing it. */
function runOn(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'precompress-'));
  const out = join(root, 'out');
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(join(out, name, '..'), { recursive: true });
    writeFileSync(join(out, name), body);
  }
  const plugin = precompress();
  const config = { root, build: { outDir: 'out' } } as ResolvedConfig;
  (plugin.configResolved as (c: ResolvedConfig) => void)(config);
  (plugin.closeBundle as () => void)();
  return out;
}

describe('precompress', () => {
  it('writes brotli and gzip copies of the text files that decompress to the file', () => {
    const script = 'export const rows = [];\n'.repeat(200);
    const out = runOn({ 'assets/app-1.js': script, 'assets/app-1.css': '.a{color:red}\n'.repeat(100) });
    const path = join(out, 'assets', 'app-1.js');
    expect(brotliDecompressSync(readFileSync(`${path}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${path}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${path}.br`).length).toBeLessThan(script.length / 10);
    expect(existsSync(join(out, 'assets', 'app-1.css.br'))).toBe(true);
  });

  it('leaves small files, source maps and binary files alone', () => {
    const out = runOn({
      'index.html': '<!doctype html><div id="root"></div>',
      'assets/app-1.js.map': '{"mappings":""}'.repeat(200),
      'assets/font.woff2': 'x'.repeat(5000),
    });
    expect(existsSync(join(out, 'index.html.br'))).toBe(false);
    expect(existsSync(join(out, 'assets', 'app-1.js.map.br'))).toBe(false);
    expect(existsSync(join(out, 'assets', 'font.woff2.gz'))).toBe(false);
  });
});
