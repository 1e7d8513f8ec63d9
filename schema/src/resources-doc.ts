import { describeResources } from './describe.js';
import { resources } from './resources/index.js';

const HEADER = `# Resources

Generated from the declarations in \`schema/src/resources/\` by \`npx tsx scripts/resources-doc.ts\`;
a test fails when this file is out of date. Every resource also gets created, updated and
deleted times, the users who did so, a status and soft delete (the audit columns, see adding-a-resource.md).
Money is integer cents; times are \`yyyy-MM-dd HH:mm:ss\` in the server's zone.
`;

const GROUPS: Array<[string, (path: string) => boolean]> = [
  ['System', (p) => p.startsWith('/blade-system') || p.startsWith('/blade-user')],
  ['Resources, desk, logs and reports', (p) => /^\/blade-(resource|desk|log|report)/.test(p)],
  ['Mall, learning and meetings', (p) => /^\/(mall|sq|meeting)\//.test(p)],
  ['Developer tools', (p) => p.startsWith('/blade-develop')],
  ['Workflow', (p) => p.startsWith('/blade-flow')],
];

/** docs/resources.md, as the registry describes it now. */
export function resourcesDocument(): string {
  const all = Object.values(resources).sort((a, b) => a.path.localeCompare(b.path));
  const ungrouped = all.filter((r) => !GROUPS.some(([, match]) => match(r.path)));
  if (ungrouped.length) throw new Error(`No section for ${ungrouped.map((r) => r.path).join(', ')}`);
  return `${HEADER}\n${GROUPS.map(([title, match]) => `## ${title}\n\n${describeResources(all.filter((r) => match(r.path)))}`).join('\n')}`;
}
