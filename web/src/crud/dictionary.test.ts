import { resources } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { dictionaryPath, dictOptions, optionLabel } from './dictionary';

const fieldOf = (resource: string, name: string) => resources[resource]!.fields.find((f) => f.name === name)!;

describe('dictionary options', () => {
  const items = [
    { dictKey: '1', dictValue: '公司' },
    { dictKey: '2', dictValue: '部门' },
  ];

  it('maps dictKey to a number for int and flag fields', () => {
    expect(dictOptions(fieldOf('dept', 'deptCategory'), items)).toEqual([
      { label: '公司', value: 1 },
      { label: '部门', value: 2 },
    ]);
    expect(dictOptions(fieldOf('dict', 'isSealed'), [{ dictKey: '0', dictValue: '否' }])).toEqual([
      { label: '否', value: 0 },
    ]);
  });

  it('keeps dictKey as text for enum fields', () => {
    const field = { ...fieldOf('dept', 'deptCategory'), type: 'enum' as const };
    expect(dictOptions(field, items)[0]).toEqual({ label: '公司', value: '1' });
  });

  it('shows the label of a stored value, whether it arrives as number or text', () => {
    const options = dictOptions(fieldOf('dept', 'deptCategory'), items);
    expect(optionLabel(options, 2)).toBe('部门');
    expect(optionLabel(options, '1')).toBe('公司');
    expect(optionLabel(options, 9)).toBe('9');
    expect(optionLabel(options, null)).toBe('');
  });

  it('reads business dictionaries from dict-biz', () => {
    expect(dictionaryPath({ dictSource: 'biz' })).toBe('/blade-system/dict-biz/dictionary');
    expect(dictionaryPath({})).toBe('/blade-system/dict/dictionary');
  });
});
