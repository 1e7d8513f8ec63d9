import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from './resources/index.js';
import { resourcesDocument } from './resources-doc.js';

describe('docs/resources.md', () => {
  it('matches the declarations (run npx tsx scripts/resources-doc.ts after changing them)', () => {
    const committed = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'resources.md'), 'utf8');
    expect(committed).toBe(resourcesDocument());
  });

  it('describes every resource', () => {
    const doc = resourcesDocument();
    for (const r of Object.values(resources)) expect(doc, r.name).toContain(`\`/api${r.path}\``);
  });
});
