import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress';

/**
 * react-router's package exports name only its development build (warnings on), in production
 * too (remix-run/react-router#14102); a build takes the production one beside it.
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/login-size.mjs reads the manifest to measure what the sign-in page loads
    manifest: true,
    rollupOptions: {
      // A browser opens six connections to a plain-HTTP host: a signed-in page that asked for
      // about a hundred small chunks queued its first API calls behind them. A chunk under 10 kB
      // that runs nothing when loaded (definitions only) merges into one loaded under similar
      // conditions: a page may load a little code early, in half the requests, in the same order.
      // (The build runs on the web's own vite 7, Rollup; this file's types are the test runner's
      // vite 8, whose Rolldown has no such option.)
      output: { experimentalMinChunkSize: 10_000 } as object,
    },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    environment: 'node',
    // Rendering antd in jsdom takes seconds on a loaded 2-core machine; the tests assert behaviour, not time.
    testTimeout: 20_000,
    setupFiles: ['src/testing/pageTexts.ts'],
  },
}));
