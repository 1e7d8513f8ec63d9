import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Sections of a result measured on one database; a run on one keeps the others' last figures. */
export const KINDS = ['sqlite', 'postgres', 'mysql'] as const;

type Section = Record<string, unknown>;

const isSection = (v: unknown): v is Section => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Writes a benchmark's figures with the date to bench/results/<name>.json. Each database section
 * carries the date and machine it was measured on, and a section this run did not measure is
 * kept from the previous file (the budget check skips it as not fresh).
 */
export function recordResult(name: string, figures: Record<string, unknown>): void {
  const dir = join(import.meta.dirname, 'results');
  const file = join(dir, `${name}.json`);
  const date = new Date().toISOString();
  const out: Record<string, unknown> = { date, ...figures };
  for (const kind of KINDS) {
    const section = out[kind];
    if (isSection(section)) out[kind] = { date, machine: figures.machine, ...section };
  }
  if (existsSync(file)) {
    const previous = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    for (const kind of KINDS) {
      const kept = previous[kind];
      if (out[kind] === undefined && isSection(kept))
        out[kind] = { date: previous.date, machine: previous.machine, ...kept };
    }
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
}
