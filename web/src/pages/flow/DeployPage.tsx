import { CloudUploadOutlined, DeleteOutlined } from '@ant-design/icons';
import { App, Button, Tag } from 'antd';
import { useState } from 'react';
import { CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/fields';
import { useT } from '../../i18n';
import { flowApi } from './flowApi';
import { listResource } from './listResource';
import { UploadDialog } from './UploadDialog';
import { useConfirm } from './useConfirm';

const deployments = listResource('manager', { zh: '部署管理', en: 'Deployments' }, [
  ['processKey', '流程标识', 'Key'],
  ['name', '流程名称', 'Name'],
  ['version', '版本', 'Version', 'int'],
  ['category', '流程分类', 'Category', 'enum', 'flow'],
  ['suspended', '状态', 'State', 'flag'],
  ['deploymentName', '部署名称', 'Deployment'],
  ['deployTime', '部署时间', 'Deployed', 'datetime'],
]);

const isSuspended = (row: Row): boolean => Number(row.suspended) === 1;
const deploymentIdsOf = (rows: readonly Row[]): string[] => [
  ...new Set(rows.map((r) => String(r.deploymentId ?? ''))),
];

/** Deployments: upload, suspend or activate a definition, delete a deployment. */
export default function DeployPage() {
  const t = useT();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [upload, setUpload] = useState<(() => void) | null>(null);

  const removeAsk = (
    rows: readonly Row[],
    reload: () => void,
    text: (k: 'confirmDelete' | 'deleteSuccess') => string,
  ) =>
    confirm({
      content: text('confirmDelete'),
      success: text('deleteSuccess'),
      action: () => flowApi.deleteDeployments(deploymentIdsOf(rows)),
      done: reload,
    });

  return (
    <>
      <CrudPage
        resource={deployments}
        list={{ load: flowApi.deployments }}
        table={{
          cells: () => ({
            suspended: (_, row) =>
              isSuspended(row) ? (
                <Tag color="orange">{t('flow.suspended')}</Tag>
              ) : (
                <Tag color="green">{t('flow.active')}</Tag>
              ),
          }),
          toolbar: ({ access, text, selectedRows, reload }) => (
            <>
              {access.has('manager_upload') && (
                <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setUpload(() => reload)}>
                  {t('flow.upload')}
                </Button>
              )}
              {access.has('manager_delete') && (
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() =>
                    selectedRows.length === 0
                      ? void message.warning(text.t('selectAtLeastOne'))
                      : removeAsk(selectedRows, reload, text.t)
                  }
                >
                  {text.t('delete')}
                </Button>
              )}
            </>
          ),
          rowActions: (row, { access, text, reload }) => (
            <>
              {access.has('manager_state') && (
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    confirm({
                      content: t(isSuspended(row) ? 'flow.confirmActivate' : 'flow.confirmSuspend'),
                      action: () =>
                        flowApi.changeState(String(row.id), isSuspended(row) ? 'active' : 'suspended'),
                      done: reload,
                    })
                  }
                >
                  {t(isSuspended(row) ? 'flow.activate' : 'flow.suspend')}
                </Button>
              )}
              {access.has('manager_delete') && (
                <Button type="link" size="small" danger onClick={() => removeAsk([row], reload, text.t)}>
                  {text.t('delete')}
                </Button>
              )}
            </>
          ),
        }}
      />
      {upload && (
        <UploadDialog
          onClose={() => setUpload(null)}
          onDeployed={() => {
            upload();
            setUpload(null);
          }}
        />
      )}
    </>
  );
}
