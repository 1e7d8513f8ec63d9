import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: __dirname,
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/login-size.mjs reads the manifest to measure what the sign-in page loads
    manifest: true,
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Rendering antd in jsdom takes seconds on a loaded 2-core machine; the tests assert behaviour, not time.
    testTimeout: 20_000,
  },
});
