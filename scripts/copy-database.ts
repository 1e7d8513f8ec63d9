// Copies the platform's rows, or one tenant's, from one database to another, counts checked:
//   npx tsx scripts/copy-database.ts <from DATABASE_URL> <to DATABASE_URL> [tenant id]
// e.g. sqlite:data/app.db → mysql://blade:secret@db:3306/blade. Stop the server first.
import { copyDatabase } from '../server/src/db/copy-database.js';
import { openDatabase } from '../server/src/db/database.js';

const [fromUrl, toUrl, tenantId] = process.argv.slice(2);
if (!fromUrl || !toUrl) {
  console.error('usage: npx tsx scripts/copy-database.ts <from DATABASE_URL> <to DATABASE_URL> [tenant id]');
  process.exit(2);
}
const from = openDatabase(fromUrl);
const to = openDatabase(toUrl);
try {
  for (const { table, rows } of await copyDatabase(from, to, tenantId ? { tenantId } : {}))
    console.log(`${table}\t${rows}`);
} finally {
  await from.close();
  await to.close();
}
