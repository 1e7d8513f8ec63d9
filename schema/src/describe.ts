import { type FieldDef, type ResourceDef, screenFolder } from './registry.js';
import { screenButtons } from './screens.js';

const cell = (text: string): string => text.replace(/\|/g, '\\|');

function fieldRow(f: FieldDef): string {
  const notes = [
    f.required ? `required: ${f.required.zh}` : '',
    f.dict ? `dictionary ${f.dictSource === 'biz' ? 'biz:' : ''}${f.dict}` : '',
    f.ref ? `→ ${f.ref}` : '',
    f.search ? `search ${f.search}` : '',
    f.sortable ? 'sortable' : '',
    f.default !== undefined ? `default ${f.default}` : '',
    f.form === false ? 'server-managed' : '',
    f.secret ? 'never sent to clients' : '',
    f.virtual ? 'not stored as a column' : '',
    f.max !== undefined && ['text', 'longtext', 'richtext'].includes(f.type) ? `≤ ${f.max} chars` : '',
  ].filter(Boolean);
  return `| \`${f.name}\` | ${f.type} | ${cell(f.label.zh)} / ${cell(f.label.en)} | ${cell(notes.join('; '))} |`;
}

/** Where the resource's screen sits and the permission codes of its buttons. */
function screenLine(r: ResourceDef): string[] {
  if (!r.screen) return [];
  const codes = screenButtons(r).map((b) => `\`${b.code}\``);
  return [
    `Screen \`${r.screen.path}\` in the \`${screenFolder(r.screen)}\` folder${codes.length ? `; buttons ${codes.join(', ')}` : ''}.`,
    '',
  ];
}

/** A Markdown description of declared resources: what the fields design note shows. */
export function describeResources(resources: ResourceDef[]): string {
  return resources
    .map((r) =>
      [
        `### ${r.label.en} (${r.label.zh})`,
        '',
        ...screenLine(r),
        `\`/api${r.path}\`: ${r.endpoints.join(', ')}. Table \`${r.table}\`, ${r.tenant ? 'per tenant' : 'global'}, written by ${r.owner === 'platform' ? 'the platform' : 'each tenant'}; permission \`${r.permission}\`${r.adminOnly ? ' (administrator only)' : ''}.`,
        '',
        '| Field | Type | Label | Rules |',
        '|---|---|---|---|',
        ...r.fields.map(fieldRow),
        '',
      ].join('\n'),
    )
    .join('\n');
}
