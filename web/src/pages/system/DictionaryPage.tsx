import type { ResourceDef } from '@blade/schema';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Grid, Row as GridRow } from 'antd';
import { useMemo, useState } from 'react';
import { type Envelope, getData, type Params, request } from '../../api/http';
import type { ListAnswer } from '../../crud/api';
import { type CrudContext, CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/fields';
import { useCrudText } from '../../crud/i18n';
import type { CrudChange } from '../../crud/useCrudActions';
import { type DictionaryLayout, dictionaryViews } from './dictionaryViews';
import { SealedSwitch } from './SealedSwitch';

const pageOf =
  (url: string) =>
  async (params: Params): Promise<ListAnswer> => {
    const page = await getData<{ records: Row[]; total: number }>(url, { params });
    return { rows: page.records, total: page.total };
  };

/** Dictionaries (system or business) as parent and child tables, side by side or one above the other. */
export function DictionaryPage({ resource, layout }: { resource: ResourceDef; layout: DictionaryLayout }) {
  const { t } = useCrudText();
  const views = useMemo(() => dictionaryViews(resource, layout), [resource, layout]);
  const [parent, setParent] = useState<Row | null>(null);
  const queries = useQueryClient();
  // Side by side only where both tables fit their columns (≥ 1600 px); narrower, one above the other.
  const wide = Grid.useBreakpoint().xxl === true;
  const sideBySide = layout === 'horizontal' && wide;
  /** Selects elsewhere read dictionaries through `dictionary?code=`; they read the change afresh. */
  const dictionariesChanged = () => void queries.invalidateQueries({ queryKey: ['dictionary'] });
  const parentId = parent?.id ? String(parent.id) : undefined;
  const loadParents = useMemo(() => pageOf(`${resource.path}/parent-list`), [resource]);
  const loadChildren = useMemo(() => pageOf(`${resource.path}/child-list`), [resource]);
  const childParams = useMemo(() => (parentId ? { parentId } : undefined), [parentId]);
  const parentSource = useMemo(
    () => ({
      parentId: {
        key: ['dict-parent', parentId],
        load: async () =>
          parentId ? [{ title: String(parent?.dictValue ?? ''), key: parentId, value: parentId }] : [],
      },
    }),
    [parentId, parent?.dictValue],
  );

  /**
   * After a change to the parents, the chosen one stays chosen (renamed if edited) unless deleted:
   * a deleted one is dropped without asking for it (the server has none to answer).
   */
  const keepParent = async ({ removed }: CrudChange) => {
    if (!parentId) return;
    if (removed?.includes(parentId)) {
      setParent(null);
      return;
    }
    const fresh = await request<Envelope<Row | null>>(`${resource.path}/detail`, {
      params: { id: parentId },
      raw: true,
    }).catch(() => null);
    setParent(fresh?.code === 200 && fresh.data?.id ? fresh.data : null);
  };

  const sealedCell = (view: ResourceDef) => (ctx: CrudContext) => ({
    isSealed: (value: unknown, row: Row) => (
      <SealedSwitch
        resource={view}
        id={String(row.id)}
        value={value}
        disabled={!ctx.access.edit}
        onChanged={ctx.reload}
      />
    ),
  });

  const parents = (
    <CrudPage
      resource={views.parent}
      title={t('dictParent')}
      list={{ load: loadParents }}
      table={{ onRowClick: setParent, activeRowId: parentId, cells: sealedCell(views.parent) }}
      onChanged={(change) => {
        dictionariesChanged();
        void keepParent(change);
      }}
    />
  );
  const children = (
    <CrudPage
      resource={views.child}
      title={parent ? t('dictOf', { name: String(parent.dictValue ?? '') }) : t('dictChild')}
      list={{
        load: loadChildren,
        params: childParams,
        enabled: !!parentId,
        disabledText: t(sideBySide ? 'chooseParent' : 'chooseParentAbove'),
      }}
      form={{
        sources: parentSource,
        // the declared dictKey default (-1) marks parents; a child's key is typed
        defaults: () => ({ parentId, code: parent?.code, dictKey: undefined }),
      }}
      table={{
        cells: (ctx) => ({
          ...sealedCell(views.child)(ctx),
          parentId: () => String(parent?.dictValue ?? ''),
        }),
      }}
      onChanged={dictionariesChanged}
    />
  );

  if (layout === 'vertical')
    return (
      // minmax(0, 1fr): a grid column may shrink below its table's width (the table scrolls inside).
      <div
        className={`dict-page dict-${layout}`}
        style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 12 }}
      >
        {parents}
        {children}
      </div>
    );
  return (
    <GridRow gutter={[12, 12]} className={`dict-page dict-${layout}`}>
      <Col xs={24} xxl={11}>
        {parents}
      </Col>
      <Col xs={24} xxl={13}>
        {children}
      </Col>
    </GridRow>
  );
}
