import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bpmnChinese, bpmnTranslate } from './bpmnChinese';

const modules = join(__dirname, '../../../../node_modules');

/** Every file under a folder of a package. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.js') ? [path] : [];
  });
}

/** The templates the designer's tools ask to translate: literal ones, labels of the menu entries, alignments. */
function templates(): Set<string> {
  const found = new Set<string>();
  const sources = [
    ...files(join(modules, 'bpmn-js/lib/features')),
    ...files(join(modules, 'diagram-js/lib/features')),
  ].map((path) => readFileSync(path, 'utf8'));
  for (const source of sources) {
    for (const m of source.matchAll(/translate\(\s*'([^']+)'\s*[,)]/g)) found.add(m[1] ?? '');
  }
  const entries = readFileSync(join(modules, 'bpmn-js/lib/features/popup-menu/PopupEntries.js'), 'utf8');
  for (const m of entries.matchAll(/label: '([^']+)'/g)) found.add(m[1] ?? '');
  for (const side of ['left', 'right', 'center', 'top', 'bottom', 'middle'])
    found.add(`Align elements ${side}`);
  return found;
}

describe('the designer in Chinese', () => {
  it('has Chinese for every text of the palette, context pad and change menu', () => {
    const all = templates();
    expect(all.size).toBeGreaterThan(100);
    expect([...all].filter((template) => !(template in bpmnChinese))).toEqual([]);
  });

  it('fills placeholders, and leaves English and unknown texts as they are', () => {
    expect(bpmnTranslate('zh')('Open {element}', { element: '审批' })).toBe('打开 审批');
    expect(bpmnTranslate('zh')('Create task')).toBe('创建任务');
    expect(bpmnTranslate('en')('Create task')).toBe('Create task');
    expect(bpmnTranslate('zh')('No such {thing}', {})).toBe('No such {thing}');
  });
});
