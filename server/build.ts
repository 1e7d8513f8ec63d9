// Bundles the server into dist/main.js, and its spreadsheet worker into dist/spreadsheet-worker.js.
import { join } from 'node:path';
import { bundleServerInto } from './bundle.js';

await bundleServerInto(join(import.meta.dirname, 'dist'));
