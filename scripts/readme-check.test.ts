import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  anchors,
  configuredNames,
  envNames,
  linkProblems,
  linkTargets,
  namedPaths,
  npmCommands,
  problems,
} from './readme-check.js';

const root = join(import.meta.dirname, '..');
const readme = join(root, 'README.md');
/** The README and the pages it sends a newcomer to for what it leaves out. */
const pages = [
  'README.md',
  'bench/README.md',
  'bench/results/history.md',
  ...['configuration', 'operations', 'development', 'features', 'design', 'speed', 'adding-a-resource'].map(
    (name) => `docs/${name}.md`,
  ),
];
/** Every other page of notes: its links at least. */
const notes = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
  .filter((path) => path.endsWith('.md'))
  .map((path) => join('docs', path));

describe('the README', () => {
  const text = readFileSync(readme, 'utf8');

  it('is the front door: at most 200 lines', () => {
    expect(text.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('starts with the two commands that run it', () => {
    const firstBlock = /^```[^\n]*\n([\s\S]*?)^```/m.exec(text);
    expect(firstBlock?.[1]).toMatch(/npm install/);
    expect(firstBlock?.[1]).toMatch(/npm start/);
    expect(text.slice(0, firstBlock?.index).split('\n').length).toBeLessThan(25);
  });

  it('shows the product and links the design notes and the benchmarks', () => {
    const targets = linkTargets(text);
    expect(
      targets.filter((t) => /^docs\/screenshots\/.+\.(png|jpe?g)$/.test(t)).length,
    ).toBeGreaterThanOrEqual(2);
    expect(targets).toContain('bench/README.md');
    expect(targets.some((t) => t.startsWith('docs/'))).toBe(true);
  });

  it.each(pages)('%s: links open, and named paths, npm scripts and variables exist', (page) => {
    expect(problems(root, join(root, page))).toEqual([]);
  });

  it.each(notes)('%s: links open', (page) => {
    expect(linkProblems(root, join(root, page))).toEqual([]);
  });
});

describe('the configuration page', () => {
  it('lists exactly the variables the server reads', () => {
    const config = readFileSync(join(root, 'server/src/config.ts'), 'utf8');
    const page = readFileSync(join(root, 'docs/configuration.md'), 'utf8');
    const listed = [...page.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]);
    expect([...listed].sort()).toEqual([...configuredNames(config)].sort());
  });
});

describe('the checks', () => {
  const page = [
    '# Run it',
    '[ok](docs/a.md#the-part) ![shot](docs/s.png) [web](https://example.com)',
    '`npm run build -w web`, `npm start` and `scripts/start.mjs`, `server/dist/main.js`',
    '```sh',
    'PORT=8080 npm run dev # [not a link](nowhere.md)',
    '```',
    'Set `DATA_DIR`.',
  ].join('\n');

  it('reads links outside code, and paths, commands and variables inside it', () => {
    expect(linkTargets(page)).toEqual(['docs/a.md#the-part', 'docs/s.png', 'https://example.com']);
    expect(namedPaths(page)).toEqual(['scripts/start.mjs', 'server/dist/main.js']);
    expect(npmCommands(page)).toEqual([
      { script: 'dev', workspace: undefined },
      { script: 'build', workspace: 'web' },
      { script: 'start', workspace: undefined },
    ]);
    expect(envNames(page).sort()).toEqual(['DATA_DIR', 'PORT']);
    expect(anchors('# Run it\n## Scaling out, briefly\n```\n# not a heading\n```')).toEqual(
      new Set(['run-it', 'scaling-out-briefly']),
    );
  });

  it('names each untrue statement: a link out of the clone, a missing file, path, script or variable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'readme-check-'));
    mkdirSync(join(dir, 'server/src'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { start: 'node x' } }));
    writeFileSync(
      join(dir, 'server/src/config.ts'),
      'const envSchema = z.object({\n  PORT: z.string(),\n});\n',
    );
    writeFileSync(
      join(dir, 'README.md'),
      '[spec](../shared/spec.md) [gone](docs/gone.md) [here](#nowhere)\n`npm start`, `npm run bench`, `bench/run.mjs`, `../shared/x.md`, `PORT`, `NO_SUCH_VAR`\n',
    );
    expect(problems(dir, join(dir, 'README.md'))).toEqual([
      'link ../shared/spec.md leaves the repository',
      'link docs/gone.md names no file',
      'link #nowhere names no heading',
      'path bench/run.mjs does not exist',
      'path ../shared/x.md is outside the repository',
      'npm bench is no script',
      'environment variable NO_SUCH_VAR is read by no code',
    ]);
    rmSync(dir, { recursive: true });
  });
});
