import { App, Button } from 'antd';
import { useState } from 'react';
import { CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/fields';
import { resourceNamed } from '../../crud/registry';
import { useT } from '../../i18n';
import { flowApi, type ModelInput } from './flowApi';
import { type DesignTarget, ModelDesigner } from './ModelDesigner';

const flowModel = resourceNamed('flowModel');

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const toModel = (row: Row): ModelInput => ({
  id: str(row.id),
  modelKey: str(row.modelKey),
  name: str(row.name),
  category: str(row.category),
  description: str(row.description),
  xml: str(row.xml),
});

/**
 * Models: the generic list of the flowModel resource (search, delete, history), whose add and
 * edit open the designer; each row is deployed as the next version of its process.
 */
export default function ModelPage() {
  const t = useT();
  const { message } = App.useApp();
  const [design, setDesign] = useState<{ target: DesignTarget; saved: () => void } | null>(null);

  const editor = async (row: Row | undefined, saved: () => void) => {
    if (!row) return setDesign({ target: { mode: 'add' }, saved });
    const model = await flowApi.model(str(row.id)).catch(() => null);
    if (model) setDesign({ target: { mode: 'edit', model: toModel(model) }, saved });
  };
  const deploy = async (row: Row) => {
    const deployed = await flowApi.deployModel(str(row.id)).then(
      () => true,
      () => false,
    );
    if (deployed) void message.success(t('flow.deployed'));
  };

  return (
    <>
      <CrudPage
        resource={flowModel}
        form={{
          editor: (row, saved) => void editor(row, saved),
        }}
        table={{
          rowActions: (row, { access }) =>
            access.has('model_deploy') && (
              <Button type="link" size="small" onClick={() => void deploy(row)}>
                {t('flow.deploy')}
              </Button>
            ),
        }}
      />
      {design && (
        <ModelDesigner
          target={design.target}
          onClose={() => setDesign(null)}
          onSaved={() => {
            design.saved();
            setDesign(null);
          }}
        />
      )}
    </>
  );
}
