import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/fields';
import { useT } from '../../i18n';
import { flowApi, type ModelInput } from './flowApi';
import { listResource } from './listResource';
import { type DesignTarget, ModelDesigner } from './ModelDesigner';
import { useConfirm } from './useConfirm';

const models = listResource('model', { zh: '模型设计', en: 'Models' }, [
  ['modelKey', '模型标识', 'Key'],
  ['name', '模型名称', 'Name'],
  ['category', '流程分类', 'Category', 'enum', 'flow'],
  ['description', '描述', 'Description'],
  ['updateTime', '更新时间', 'Updated', 'datetime'],
]);

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const toModel = (row: Row): ModelInput => ({
  id: str(row.id),
  modelKey: str(row.modelKey),
  name: str(row.name),
  category: str(row.category),
  description: str(row.description),
  xml: str(row.xml),
});

/** Models: drawn in the designer, deployed as the next version of their process, removed. */
export default function ModelPage() {
  const t = useT();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [design, setDesign] = useState<{ target: DesignTarget; reload: () => void } | null>(null);

  const edit = async (row: Row, reload: () => void) => {
    const model = await flowApi.model(str(row.id)).catch(() => null);
    if (model) setDesign({ target: { mode: 'edit', model: toModel(model) }, reload });
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
        resource={models}
        load={flowApi.models}
        toolbar={({ access, text, selectedIds, reload }) => (
          <>
            {access.has('model_add') && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDesign({ target: { mode: 'add' }, reload })}
              >
                {text.t('add')}
              </Button>
            )}
            {access.has('model_delete') && (
              <Button
                danger
                icon={<DeleteOutlined />}
                onClick={() =>
                  selectedIds.length === 0
                    ? void message.warning(text.t('selectAtLeastOne'))
                    : confirm({
                        content: text.t('confirmDelete'),
                        success: text.t('deleteSuccess'),
                        action: () => flowApi.removeModels(selectedIds),
                        done: reload,
                      })
                }
              >
                {text.t('delete')}
              </Button>
            )}
          </>
        )}
        rowActions={(row, { access, text, reload }) => (
          <>
            {access.has('model_edit') && (
              <Button type="link" size="small" onClick={() => void edit(row, reload)}>
                {text.t('edit')}
              </Button>
            )}
            {access.has('model_deploy') && (
              <Button type="link" size="small" onClick={() => void deploy(row)}>
                {t('flow.deploy')}
              </Button>
            )}
            {access.has('model_delete') && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() =>
                  confirm({
                    content: text.t('confirmDelete'),
                    success: text.t('deleteSuccess'),
                    action: () => flowApi.removeModels([str(row.id)]),
                    done: reload,
                  })
                }
              >
                {text.t('delete')}
              </Button>
            )}
          </>
        )}
      />
      {design && (
        <ModelDesigner
          target={design.target}
          onClose={() => setDesign(null)}
          onSaved={() => {
            design.reload();
            setDesign(null);
          }}
        />
      )}
    </>
  );
}
