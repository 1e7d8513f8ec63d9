// Adds to package-lock.json the optional dependencies it lacks (the native binaries of other
// systems, which npm leaves out: see lock-check.ts), as npm writes them, from the registry.
//   npm run lock:platforms          (after an install that changed the lock; then commit it)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Lock, type LockEntry, missingOptional } from './lock-check.js';

interface Published {
  version: string;
  'dist.integrity': string;
  cpu?: string[];
  os?: string[];
  libc?: string[];
  license?: string;
  engines?: Record<string, string>;
}

const file = join(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8')) as Lock & Record<string, unknown>;
const missing = missingOptional(lock);
for (const { parent, name, spec } of missing) {
  const fields = ['version', 'dist.integrity', 'cpu', 'os', 'libc', 'license', 'engines'];
  const found = JSON.parse(
    execFileSync('npm', ['view', `${name}@${spec}`, '--json', ...fields], { encoding: 'utf8' }),
  ) as Published | Published[];
  // A range answers every matching version, oldest first: npm would lock the newest.
  const published = Array.isArray(found) ? found[found.length - 1]! : found;
  // Keys in the order npm writes them.
  const entry: LockEntry & Record<string, unknown> = {
    version: published.version,
    integrity: published['dist.integrity'],
  };
  if (published.cpu) entry.cpu = published.cpu;
  if (lock.packages[parent]?.dev) entry.dev = true;
  if (published.libc) entry.libc = published.libc;
  if (published.license) entry.license = published.license;
  entry.optional = true;
  if (published.os) entry.os = published.os;
  if (published.engines) entry.engines = published.engines;
  // At the top beside its parent's other dependencies, unless another version is there already
  // (the same one, added for another parent, serves both).
  const top = `node_modules/${name}`;
  const there = lock.packages[top];
  if (there?.version === entry.version) continue;
  lock.packages[there ? `${parent}/node_modules/${name}` : top] = entry;
}
const paths = Object.keys(lock.packages)
  .filter((path) => path !== '')
  .sort((a, b) => a.localeCompare(b, 'en'));
lock.packages = Object.fromEntries([
  ['', lock.packages['']!],
  ...paths.map((path) => [path, lock.packages[path]!]),
]);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${missing.length} optional packages added`);
