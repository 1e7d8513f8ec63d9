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

  it('gives every choice of a banner position a number the server takes', () => {
    const position = fieldOf('banner', 'position');
    const options = dictOptions(position, [
      { dictKey: '1', dictValue: '首页' },
      { dictKey: '2', dictValue: '商城' },
    ]);
    expect(options.map((o) => o.value)).toEqual([1, 2]);
    // JSON is what travels: no choice may become null on the way.
    expect(JSON.parse(JSON.stringify(options.map((o) => ({ position: o.value }))))).toEqual([
      { position: 1 },
      { position: 2 },
    ]);
  });

  it('leaves out keys a number field cannot hold instead of sending them as null', () => {
    const options = dictOptions(fieldOf('banner', 'position'), [
      { dictKey: 'home', dictValue: '首页' },
      { dictKey: '3', dictValue: '课程' },
    ]);
    expect(options).toEqual([{ label: '课程', value: 3 }]);
  });

  it('names items in the current language, falling back to Chinese', () => {
    const status = fieldOf('product', 'status');
    const items = [
      { dictKey: '0', dictValue: '下架', dictValueEn: 'Off sale' },
      { dictKey: '1', dictValue: '上架', dictValueEn: null },
    ];
    expect(dictOptions(status, items, 'en').map((o) => o.label)).toEqual(['Off sale', '上架']);
    expect(dictOptions(status, items, 'zh').map((o) => o.label)).toEqual(['下架', '上架']);
  });

  it('keeps dictKey as text for enum fields', () => {
    expect(dictOptions(fieldOf('banner', 'target'), [{ dictKey: '_blank', dictValue: '新窗口' }])).toEqual([
      { label: '新窗口', value: '_blank' },
    ]);
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
