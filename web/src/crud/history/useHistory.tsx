import { HistoryOutlined, ImportOutlined, RestOutlined } from '@ant-design/icons';
import { HISTORY_CODES, type ResourceDef, resources } from '@blade/schema';
import { Button } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import type { Params } from '../../api/http';
import { useT } from '../../i18n';
import { ExportButton } from '../../pages/mall/ExportButton';
import type { Row } from '../fields';
import { useCrudText } from '../i18n';
import type { Access } from '../useAccess';
import { HistoryDialog } from './HistoryDialog';
import { historyApi, type ImportJob } from './historyApi';
import { ImportDialog } from './ImportDialog';
import { RecycleBinDialog } from './RecycleBinDialog';

/** Whether a resource's rows are written through the generic calls (so they have a history). */
const written = (resource: ResourceDef) =>
  resource.endpoints.some((e) => e === 'submit' || e === 'save' || e === 'update' || e === 'remove');

export interface HistoryFeatures {
  /** The 历史 button of a row, when the user holds it. */
  rowButton: (row: Row) => ReactNode;
  /** The 回收站, 导出 and 导入 toolbar buttons the user holds. */
  toolbarButton: ReactNode;
  /** The open dialog, if any. */
  dialogs: ReactNode;
}

/**
 * The history features of a list page: a 历史 button on each row and a 回收站 button in the
 * toolbar, each shown by its button code and the resource's own permission (the server checks both).
 */
export function useHistory(
  resource: ResourceDef,
  access: Access,
  onChanged: () => void,
  listParams: () => Params,
): HistoryFeatures {
  const t = useT();
  const { label } = useCrudText();
  const [row, setRow] = useState<Row | null>(null);
  const [bin, setBin] = useState(false);
  const [importing, setImporting] = useState(false);
  const [resumed, setResumed] = useState<ImportJob | undefined>();
  const served = resources[resource.name] !== undefined && written(resource);
  const canView = served && access.has(HISTORY_CODES.view);
  const canImport = served && access.add && access.has(HISTORY_CODES.import);
  // A background import of this user's on this list, running or not yet looked at, opens again.
  useEffect(() => {
    if (!canImport) return;
    let live = true;
    historyApi.latestImport(resource.name).then(
      (job) => {
        if (!live || !job) return;
        setResumed(job);
        setImporting(true);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [canImport, resource.name]);
  const canBin = served && access.delete && access.has(HISTORY_CODES.recycle);
  return {
    rowButton: (r) =>
      canView && (
        <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setRow(r)}>
          {t('history.button')}
        </Button>
      ),
    toolbarButton: (
      <>
        {canBin && (
          <Button icon={<RestOutlined />} onClick={() => setBin(true)}>
            {t('history.recycle')}
          </Button>
        )}
        {served && access.has(HISTORY_CODES.export) && (
          <ExportButton
            url="/blade-log/data/export"
            params={() => ({ ...listParams(), resource: resource.name })}
            fileName={`${label(resource.label)}.xlsx`}
          />
        )}
        {canImport && (
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            {t('import.button')}
          </Button>
        )}
      </>
    ),
    dialogs: (
      <>
        {row && (
          <HistoryDialog
            resource={resource}
            row={row}
            canRestore={access.edit && access.has(HISTORY_CODES.restore)}
            onClose={() => setRow(null)}
            onChanged={onChanged}
          />
        )}
        {importing && (
          <ImportDialog
            resource={resource}
            job={resumed}
            onClose={() => {
              setImporting(false);
              setResumed(undefined);
            }}
            onChanged={onChanged}
          />
        )}
        {bin && (
          <RecycleBinDialog
            resource={resource}
            canPurge={access.has(HISTORY_CODES.purge)}
            onClose={() => setBin(false)}
            onChanged={onChanged}
          />
        )}
      </>
    ),
  };
}
