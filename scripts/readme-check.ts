// Checks that a Markdown page of the repository still tells the truth about the repository: its
// links open, the paths and npm commands it names exist, the environment variables it names are
// read somewhere. Used by readme-check.test.ts on the README and the pages it sends readers to.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Top-level folders a path named in code must start with to be checked. */
const TOP_FOLDERS = ['schema', 'server', 'web', 'e2e', 'bench', 'scripts', 'docs', '.ci'];
/** Folders a clone does not have until it is built or run: paths into them are not checked. */
const MADE_AT_RUN = /(^|\/)(dist|data|node_modules|test-results|playwright-report)(\/|$)/;

/** The first group of every match of a global pattern. */
function firstGroups(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((m) => m[1] ?? '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a page's headings (outside fenced code). */
export function anchors(markdown: string): Set<string> {
  const found = new Set<string>();
  for (const line of withoutFences(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) found.add(slug(heading[1] ?? ''));
  }
  return found;
}

function withoutFences(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
}

/** The targets of inline links and images, `[text](target)` and `![alt](target)`. */
export function linkTargets(markdown: string): string[] {
  const text = withoutFences(markdown).replace(/`[^`\n]*`/g, '');
  return firstGroups(text, /!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g);
}

/** The text inside code: fenced blocks and inline spans. */
export function codeTexts(markdown: string): string[] {
  const fences = firstGroups(markdown, /^```[^\n]*\n([\s\S]*?)^```/gm);
  const spans = firstGroups(withoutFences(markdown), /`([^`\n]+)`/g);
  return [...fences, ...spans];
}

/** Paths named in code (`server/src/config.ts`, `../x/y.md`), without placeholders like `<name>`. */
export function namedPaths(markdown: string): string[] {
  const top = TOP_FOLDERS.map((f) => f.replace('.', '\\.')).join('|');
  const pattern = new RegExp(
    `(?:^|[\\s'"(=])((?:\\.\\./)+[\\w.-]+/[\\w./-]*[\\w/]|(?:${top})/[\\w./-]*[\\w/])`,
    'g',
  );
  const paths = codeTexts(markdown).flatMap((code) => firstGroups(code, pattern));
  return paths.filter((p) => !/[<>*]/.test(p));
}

/** `npm start`, `npm test` and `npm run <script> [-w <workspace>]` as named in code. */
export function npmCommands(markdown: string): { script: string; workspace?: string }[] {
  const found: { script: string; workspace?: string }[] = [];
  for (const code of codeTexts(markdown)) {
    for (const m of code.matchAll(/\bnpm (start|test|run ([\w:.-]+))((?:\s+-w\s+[\w@/-]+)?)/g)) {
      const workspace = /-w\s+([\w@/-]+)/.exec(m[3] ?? '')?.[1];
      found.push({ script: m[2] ?? m[1] ?? '', workspace });
    }
  }
  return found;
}

/** Upper-case names in code that look like environment variables (`DATA_DIR`, `PORT=8080`). */
export function envNames(markdown: string): string[] {
  const names = codeTexts(markdown).flatMap((code) => {
    const alone = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/.test(code.trim()) ? [code.trim()] : [];
    const assigned = firstGroups(code, /(?:^|\s)([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)=/g);
    return [...alone, ...assigned];
  });
  return [...new Set(names)];
}

/** The environment variables the server's configuration declares (keys of `envSchema`). */
export function configuredNames(configSource: string): string[] {
  const body = /const envSchema = z\.object\(\{([\s\S]*?)\n\}\);/.exec(configSource)?.[1] ?? '';
  return firstGroups(body, /^ {2}([A-Z][A-Z0-9_]*):/gm);
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return /^(node_modules|dist|results)$/.test(entry.name) ? [] : sourceFiles(path);
    return /\.(ts|tsx|mjs|sh|json)$/.test(entry.name) ? [path] : [];
  });
}

/** Every environment variable some code of the repository reads, and the server's configuration. */
export function readNames(root: string): Set<string> {
  const names = new Set(configuredNames(readFileSync(join(root, 'server/src/config.ts'), 'utf8')));
  const files = [
    join(root, 'package.json'),
    ...['server/src', 'web/src', 'web/vite.config.ts', 'bench', 'scripts', 'e2e', '.ci'].flatMap((p) =>
      existsSync(join(root, p)) && statSync(join(root, p)).isFile()
        ? [join(root, p)]
        : sourceFiles(join(root, p)),
    ),
  ];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const name of firstGroups(text, /(?:env\.|env\[['"]|\$\{?)([A-Z][A-Z0-9_]*)/g)) names.add(name);
  }
  return names;
}

function scriptsOf(root: string, workspace?: string): Record<string, string> {
  const dir = workspace ? join(root, workspace.replace(/^@blade\//, '')) : root;
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return {};
  return (JSON.parse(readFileSync(file, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
}

/** The relative links of the page at `file` that leave the repository, name no file or no heading. */
export function linkProblems(root: string, file: string): string[] {
  const markdown = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][\w+.-]*:/i.test(target)) continue;
    const [path, anchor] = target.split('#');
    const resolved = path ? resolve(dirname(file), decodeURI(path)) : file;
    if (relative(root, resolved).startsWith('..')) {
      found.push(`link ${target} leaves the repository`);
    } else if (!existsSync(resolved)) {
      found.push(`link ${target} names no file`);
    } else if (anchor && resolved.endsWith('.md') && !anchors(readFileSync(resolved, 'utf8')).has(anchor)) {
      found.push(`link ${target} names no heading`);
    }
  }
  return found;
}

/** What in the page at `file` is not true of the repository at `root`: one sentence each. */
export function problems(root: string, file: string): string[] {
  const markdown = readFileSync(file, 'utf8');
  const found = linkProblems(root, file);
  for (const path of namedPaths(markdown)) {
    const resolved = resolve(path.startsWith('..') ? dirname(file) : root, path);
    if (relative(root, resolved).startsWith('..')) found.push(`path ${path} is outside the repository`);
    else if (!MADE_AT_RUN.test(path) && !existsSync(resolved)) found.push(`path ${path} does not exist`);
  }
  for (const { script, workspace } of npmCommands(markdown)) {
    if (!scriptsOf(root, workspace)[script]) {
      found.push(`npm ${script}${workspace ? ` -w ${workspace}` : ''} is no script`);
    }
  }
  const read = readNames(root);
  for (const name of envNames(markdown)) {
    if (!read.has(name)) found.push(`environment variable ${name} is read by no code`);
  }
  return found;
}
