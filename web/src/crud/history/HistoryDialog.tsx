import type { ResourceDef } from '@blade/schema';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Modal, Space, Tag, Timeline, Typography } from 'antd';
import { type MessageKey, useT } from '../../i18n';
import { useConfirm } from '../../pages/flow/useConfirm';
import type { Row } from '../fields';
import { ChangeList } from './ChangeList';
import { type HistoryAction, type HistoryEntry, historyApi } from './historyApi';
import './history.css';

export const ACTION_COLOR: Record<HistoryAction, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  restore: 'gold',
  undo: 'orange',
  purge: 'magenta',
  grant: 'purple',
};

export const actionText = (action: HistoryAction): MessageKey => `history.action.${action}` as MessageKey;

/** A row's title in the dialog: its tree title, first text field, or its id. */
function rowTitle(resource: ResourceDef, row: Row): string {
  const name = resource.tree?.title ?? resource.fields.find((f) => f.type === 'text' && !f.secret)?.name;
  const value = name ? row[name] : undefined;
  return value === null || value === undefined || value === '' ? String(row.id) : String(value);
}

/**
 * 历史: a row's changes, oldest first, each with who, when and its field differences; the
 * holder of the restore button may put the row back to a version or undo one change.
 */
export function HistoryDialog({
  resource,
  row,
  canRestore,
  onClose,
  onChanged,
}: {
  resource: ResourceDef;
  row: Row;
  canRestore: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useT();
  const confirm = useConfirm();
  const id = String(row.id);
  const entries = useQuery({
    queryKey: ['history', resource.name, id],
    queryFn: () => historyApi.timeline(resource.name, id),
  });
  const list = entries.data ?? [];
  const timeOf = (entryId: string | null) => list.find((e) => e.id === entryId)?.createTime ?? '';
  const act = (entry: HistoryEntry, mode: 'version' | 'undo') =>
    confirm({
      content: t(mode === 'version' ? 'history.confirmRestore' : 'history.confirmUndo'),
      action: () => historyApi.restore(resource.name, entry.id, mode),
      done: () => {
        void entries.refetch();
        onChanged();
      },
    });
  const last = list.at(-1);
  return (
    <Modal
      open
      title={t('history.title', { name: rowTitle(resource, row) })}
      width={820}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      className="history-dialog"
    >
      {!entries.isLoading && list.length === 0 ? (
        <Empty description={t('history.empty')} />
      ) : (
        <Timeline
          className="history-timeline"
          items={list.map((entry) => ({
            color: ACTION_COLOR[entry.action],
            children: (
              <div className="history-entry" data-action={entry.action}>
                <div className="history-entry-head">
                  <Tag color={ACTION_COLOR[entry.action]}>{t(actionText(entry.action))}</Tag>
                  <Typography.Text>{entry.createTime}</Typography.Text>
                  <Typography.Text type="secondary">
                    {t('history.by')}: {entry.createBy ?? ''}
                  </Typography.Text>
                  {entry.reverts && (
                    <Typography.Text type="secondary">
                      {t(entry.action === 'undo' ? 'history.undoes' : 'history.reverts', {
                        time: timeOf(entry.reverts),
                      })}
                    </Typography.Text>
                  )}
                  {canRestore && entry.action !== 'grant' && entry.action !== 'purge' && (
                    <Space size={0}>
                      {entry !== last && entry.action !== 'delete' && (
                        <Button type="link" size="small" onClick={() => act(entry, 'version')}>
                          {t('history.restoreVersion')}
                        </Button>
                      )}
                      <Button type="link" size="small" onClick={() => act(entry, 'undo')}>
                        {t('history.undo')}
                      </Button>
                    </Space>
                  )}
                </div>
                <ChangeList resource={resource} changes={entry.changes} />
              </div>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
