import type { FieldDef, ResourceDef } from '@blade/schema';
import { useT } from '../../i18n';
import { FieldText } from '../FieldText';
import { useCrudText } from '../i18n';
import type { FieldChange } from './historyApi';

const STATUS: FieldDef = { name: 'status', type: 'int', label: { zh: '状态', en: 'Status' } };

/** The declared field a change names (status is an audit column), or a plain text field. */
export function changedField(resource: ResourceDef | undefined, name: string): FieldDef {
  return (
    resource?.fields.find((f) => f.name === name) ??
    (name === 'status' ? STATUS : { name, type: 'text', label: { zh: name, en: name } })
  );
}

function Value({ field, resource, value }: { field: FieldDef; resource?: ResourceDef; value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className="history-empty">—</span>;
  return resource ? <FieldText field={field} resource={resource} value={value} /> : String(value);
}

/**
 * The fields one change touched, by their labels, the value before struck through and the value
 * after highlighted, shown with dictionary and related-row names; secrets say only that they changed.
 */
export function ChangeList({ resource, changes }: { resource?: ResourceDef; changes: FieldChange[] }) {
  const t = useT();
  const { label } = useCrudText();
  if (changes.length === 0) return null;
  return (
    <dl className="history-changes">
      {changes.map((c) => {
        const field = changedField(resource, c.field);
        return (
          <div key={c.field} className="history-change">
            <dt>{label(field.label)}</dt>
            <dd>
              {c.secret ? (
                <em>{t('history.secretChanged')}</em>
              ) : (
                <>
                  <del className="history-before" title={t('history.before')}>
                    <Value field={field} resource={resource} value={c.before} />
                  </del>
                  <span aria-hidden> → </span>
                  <ins className="history-after" title={t('history.after')}>
                    <Value field={field} resource={resource} value={c.after} />
                  </ins>
                </>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
