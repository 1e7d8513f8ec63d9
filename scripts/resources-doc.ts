// Writes docs/resources.md from the registry: `npx tsx scripts/resources-doc.ts`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resourcesDocument } from '../schema/src/resources-doc.js';

writeFileSync(join(import.meta.dirname, '..', 'docs', 'resources.md'), resourcesDocument());
console.log('docs/resources.md written');
