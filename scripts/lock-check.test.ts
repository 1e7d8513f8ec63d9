import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Lock, missingOptional } from './lock-check.js';

describe('the lock file', () => {
  it("names every optional dependency of its packages, so `npm ci` on any system installs that system's binaries", () => {
    const lock = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', 'package-lock.json'), 'utf8'),
    ) as Lock;
    const missing = missingOptional(lock).map((m) => `${m.parent} → ${m.name}@${m.spec}`);
    expect(missing, 'run `npm run lock:platforms` and commit package-lock.json').toEqual([]);
  });

  it('finds a dependency where Node would: in the package’s own node_modules or one above it', () => {
    const lock: Lock = {
      packages: {
        '': {},
        'node_modules/tool': {
          optionalDependencies: { '@tool/linux': '1.0.0', '@tool/darwin': '1.0.0', nested: '2.0.0' },
        },
        'node_modules/@tool/linux': { version: '1.0.0', optional: true },
        'node_modules/tool/node_modules/nested': { version: '2.0.0', optional: true },
      },
    };
    expect(missingOptional(lock)).toEqual([
      { parent: 'node_modules/tool', name: '@tool/darwin', spec: '1.0.0' },
    ]);
  });
});
