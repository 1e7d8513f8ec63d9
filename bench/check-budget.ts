/**
 * Checks results against bench/budget.json and names every figure beyond its limit (exit 1).
 *
 *   npx tsx bench/check-budget.ts [--since <ISO date>] [name ...]
 *
 * Budget keys are `<result name>` → `<path in the result>` → `{ max }` or `{ min }`; a `*` in a
 * path matches every key at that level. With --since, figures measured before that date (a
 * database section this run did not measure) are skipped, not checked.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Limit {
  max?: number;
  min?: number;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const here = import.meta.dirname;
const budget = JSON.parse(readFileSync(join(here, 'budget.json'), 'utf8')) as Record<
  string,
  Record<string, Limit> | string
>;

const args = process.argv.slice(2);
const sinceAt = args.indexOf('--since');
const since = sinceAt >= 0 ? Date.parse(args[sinceAt + 1] ?? '') : Number.NEGATIVE_INFINITY;
const names = args.filter((a, i) => !a.startsWith('--') && (sinceAt < 0 || i !== sinceAt + 1));
const isObject = (v: Json | undefined): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every (path, value, measured date) a pattern reaches; the date is the nearest `date` above. */
function expand(
  node: Json | undefined,
  parts: string[],
  path: string[] = [],
  date?: string,
): { path: string; value: Json | undefined; date?: string }[] {
  const measured = isObject(node) && typeof node.date === 'string' ? node.date : date;
  if (parts.length === 0) return [{ path: path.join('.'), value: node, date: measured }];
  const [head, ...rest] = parts;
  if (head === '*') {
    if (!isObject(node)) return [];
    return Object.entries(node)
      .filter(([, v]) => isObject(v))
      .flatMap(([k, v]) => expand(v, rest, [...path, k], measured));
  }
  return expand(isObject(node) ? node[head!] : undefined, rest, [...path, head!], measured);
}

const failures: string[] = [];
let checked = 0;
let skipped = 0;
for (const [name, limits] of Object.entries(budget)) {
  if (typeof limits === 'string' || (names.length && !names.includes(name))) continue;
  const file = join(here, 'results', `${name}.json`);
  if (!existsSync(file)) {
    failures.push(`${name}: no results (bench/results/${name}.json)`);
    continue;
  }
  const result = JSON.parse(readFileSync(file, 'utf8')) as Json;
  for (const [pattern, limit] of Object.entries(limits)) {
    for (const { path, value, date } of expand(result, pattern.split('.'))) {
      if (date !== undefined && Date.parse(date) < since) {
        skipped++;
        continue;
      }
      if (typeof value !== 'number' || Number.isNaN(value)) {
        failures.push(`${name} ${path}: not measured`);
        continue;
      }
      checked++;
      if (limit.max !== undefined && value > limit.max)
        failures.push(`${name} ${path} = ${value}, over its budget of ${limit.max}`);
      if (limit.min !== undefined && value < limit.min)
        failures.push(`${name} ${path} = ${value}, under its budget of ${limit.min}`);
    }
  }
}

console.log(
  `budget: ${checked} figures checked${skipped ? `, ${skipped} not measured in this run skipped` : ''}`,
);
if (failures.length) {
  console.error(`budget: ${failures.length} beyond budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('budget: every figure within its budget');
