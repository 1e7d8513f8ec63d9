import { Checkbox, Empty } from 'antd';
import type { Row } from '../../crud/fields';

/** Data or API scopes to tick, named by scope name and resource code. */
export function ScopeChecklist({
  rows,
  value,
  onChange,
}: {
  rows: Row[];
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Checkbox.Group
      style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
      value={value}
      onChange={(ids) => onChange(ids.map(String))}
      options={rows.map((r) => ({
        value: String(r.id),
        label: `${String(r.scopeName ?? '')} (${String(r.resourceCode ?? '')})`,
      }))}
    />
  );
}
