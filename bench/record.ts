import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes a benchmark's figures with the date to bench/results/<name>.json. */
export function recordResult(name: string, figures: Record<string, unknown>): void {
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `${name}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), ...figures }, null, 2)}\n`,
  );
}
