import { screenFolder } from '@blade/schema';
import type { CodePlan } from './code-plan.js';
import { renderDeclaration, renderMigration } from './code-render.js';

/** One generated file: its path in the repository, its text and its language (for highlighting). */
export interface GeneratedFile {
  path: string;
  content: string;
  language: 'typescript' | 'markdown';
}

const REASONS = {
  binary: 'binary data, which the list and form pages cannot edit',
  name: 'its name is not a snake_case name a field can take',
};

/** README.md: where each file goes and the one-line edits that wire it in. */
function renderReadme(plan: CodePlan, files: { declaration: string; migration: string }): string {
  const r = plan.resource;
  const skipped = plan.skipped.length
    ? ['', 'Columns left out:', '', ...plan.skipped.map((s) => `- \`${s.column}\`: ${REASONS[s.reason]}.`)]
    : [];
  return [
    `# ${r.label.zh} (${r.label.en})`,
    '',
    `Generated from table \`${plan.record.tableName}\` for the resource \`${r.name}\`, served at`,
    `\`/api${r.path}\` (list, detail, remove, submit) with the permission codes`,
    `\`${r.permission}_add\`, \`${r.permission}_edit\`, \`${r.permission}_delete\` and \`${r.permission}_view\`.`,
    '',
    '| File | Where it goes |',
    '| --- | --- |',
    `| \`${files.declaration}\` | the declaration; add \`import * as ${plan.identifier}Resource from './${files.declaration.split('/').pop()!.replace(/\.ts$/, '.js')}';\` and \`...Object.values(${plan.identifier}Resource)\` to \`schema/src/resources/index.ts\` |`,
    `| \`${files.migration}\` | the table; the server runs every \`NNNN-name.ts\` of that folder by number, so no list names it |`,
    '',
    `Its screen (\`${plan.menuPath}\`, in the \`${r.screen ? screenFolder(r.screen) : ''}\` folder of the menu) and its buttons come from`,
    'the declaration: the seed adds them on the next start, and the web opens the generic list page.',
    '',
    'Then:',
    '',
    '- run `npx tsx scripts/resources-doc.ts` to describe it in docs/resources.md.',
    '',
    'The generic endpoints serve it: no module file is needed until it has behaviour of its own',
    `(hooks in \`server/src/modules/${plan.record.moduleName}/\`).`,
    ...skipped,
    '',
  ].join('\n');
}

/**
 * The files of a planned resource for our architecture: its declaration, its migration (numbered
 * `migrationNumber`) and a README of where each goes. Pure: no file is written.
 */
export function generateFiles(plan: CodePlan, migrationNumber: number): GeneratedFile[] {
  const module = plan.record.moduleName.toLowerCase();
  const paths = {
    declaration: `schema/src/resources/${module}-${plan.fileBase}.ts`,
    migration: `server/src/db/migrations/${String(migrationNumber).padStart(4, '0')}-${plan.fileBase}.ts`,
  };
  return [
    { path: paths.declaration, content: renderDeclaration(plan), language: 'typescript' },
    { path: paths.migration, content: renderMigration(plan), language: 'typescript' },
    { path: 'README.md', content: renderReadme(plan, paths), language: 'markdown' },
  ];
}
