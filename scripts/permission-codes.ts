// Writes schema/src/permission-codes.ts from the seeded menu tree: `npx tsx scripts/permission-codes.ts`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { permissionCodesModule } from '../server/src/db/seed/permission-codes.js';

writeFileSync(
  join(import.meta.dirname, '..', 'schema', 'src', 'permission-codes.ts'),
  permissionCodesModule(),
);
console.log('schema/src/permission-codes.ts written');
