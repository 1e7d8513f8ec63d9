import { defineConfig } from 'vitest/config';

/** The benchmarks' own tests (their loaders), apart from the product's: `npx vitest run --config bench/vitest.config.ts`. */
export default defineConfig({
  test: { root: import.meta.dirname, include: ['*.test.ts'], environment: 'node', testTimeout: 120_000 },
});
