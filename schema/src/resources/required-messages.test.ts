import { describe, expect, it } from 'vitest';
import type { Text } from '../registry.js';
import { resources } from './index.js';

type Prompt = { resource: string; field: string; label: Text; required: Text };

/** Every required field whose refusal asks to type something (请输入…). */
const typedPrompts = (): Prompt[] =>
  Object.values(resources).flatMap((r) =>
    r.fields.flatMap((f) =>
      f.required?.zh.startsWith('请输入')
        ? [{ resource: r.name, field: f.name, label: f.label, required: f.required }]
        : [],
    ),
  );

describe('required messages', () => {
  it('a 请输入 refusal names the field as its label does, so a person finds the box it speaks of', () => {
    const prompts = typedPrompts();
    expect(prompts.length).toBeGreaterThan(50);
    const astray = prompts.filter((p) => !p.required.zh.includes(p.label.zh));
    expect(astray.map((p) => `${p.resource}.${p.field}: ${p.label.zh} / ${p.required.zh}`)).toEqual([]);
  });
});
