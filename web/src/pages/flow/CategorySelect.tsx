import type { FieldDef } from '@blade/schema';
import { Select } from 'antd';
import { useDictionary } from '../../crud/useDictionary';

/** A process's category: a key of the `flow` dictionary (1 leave, 2 expense, …), shown by name. */
export const CATEGORY: FieldDef = {
  name: 'category',
  type: 'enum',
  dict: 'flow',
  label: { zh: '流程分类', en: 'Category' },
};

/** Picks a category by name (Form.Item passes id, value and onChange). */
export function CategorySelect(props: { id?: string; value?: string; onChange?: (value: string) => void }) {
  const options = useDictionary(CATEGORY);
  return <Select {...props} options={options} allowClear style={{ width: '100%' }} />;
}
