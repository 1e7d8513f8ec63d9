// `npm start`: builds the web app and the server when their builds are missing, then runs it.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (command) => execSync(command, { cwd: root, stdio: 'inherit' });

if (!existsSync(join(root, 'web', 'dist', 'index.html'))) run('npm run build -w web');
if (!existsSync(join(root, 'server', 'dist', 'main.js'))) run('npm run build -w server');

await import(join(root, 'server', 'dist', 'main.js'));
