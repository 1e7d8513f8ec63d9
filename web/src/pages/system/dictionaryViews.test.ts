import { describe, expect, it } from 'vitest';
import { dialogFields, isDisabled, listFields } from '../../crud/fields';
import { resourceNamed } from '../../crud/registry';
import { dictionaryViews } from './dictionaryViews';

const names = (fields: { name: string }[]) => fields.map((f) => f.name);
const dict = resourceNamed('dict');

describe('dictionary views (spec §2)', () => {
  it('lists code, dictValue, sort, isSealed, remark in the horizontal parent table; vertical hides sort', () => {
    expect(names(listFields(dictionaryViews(dict, 'horizontal').parent))).toEqual([
      'code',
      'dictValue',
      'sort',
      'isSealed',
      'remark',
    ]);
    expect(names(listFields(dictionaryViews(dict, 'vertical').parent))).toEqual([
      'code',
      'dictValue',
      'isSealed',
      'remark',
    ]);
  });

  it('lists code, dictValue, parentId, dictKey, sort, isSealed, remark for children', () => {
    const { child } = dictionaryViews(dict, 'vertical');
    expect(names(listFields(child))).toEqual([
      'code',
      'dictValue',
      'parentId',
      'dictKey',
      'sort',
      'isSealed',
      'remark',
    ]);
  });

  it('fixes the child code and parent on add and edit, not the rest', () => {
    const { child } = dictionaryViews(dict, 'horizontal');
    for (const mode of ['add', 'edit'] as const) {
      const disabled = dialogFields(child, mode).filter((f) => isDisabled(f, mode));
      expect(names(disabled)).toEqual(['code', 'parentId']);
    }
  });

  it('uses an 880 dialog and menu columns of 250 (parent) and 300 (child)', () => {
    const { parent, child } = dictionaryViews(dict, 'horizontal');
    expect(parent.ui).toMatchObject({ dialogWidth: 880, menuWidth: 250 });
    expect(child.ui).toMatchObject({ dialogWidth: 880, menuWidth: 300 });
  });

  it('keeps the parent form to code, names, sort, isSealed, remark and searches neither by parent', () => {
    const { parent, child } = dictionaryViews(dict, 'horizontal');
    expect(names(dialogFields(parent, 'add'))).toEqual([
      'code',
      'dictValue',
      'sort',
      'isSealed',
      'remark',
      'dictValueEn',
    ]);
    expect(parent.fields.find((f) => f.name === 'parentId')?.search).toBeUndefined();
    expect(child.fields.find((f) => f.name === 'parentId')?.search).toBeUndefined();
  });
});
