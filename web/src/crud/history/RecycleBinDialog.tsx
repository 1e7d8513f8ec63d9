import type { ResourceDef } from '@blade/schema';
import { App, Button, Modal, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useT } from '../../i18n';
import { useConfirm } from '../../pages/flow/useConfirm';
import { buildColumns } from '../columns';
import { listFields, type Row } from '../fields';
import { useCrudText } from '../i18n';
import { useColumnReaders } from '../useColumnReaders';
import { usePagedQuery } from '../usePagedQuery';
import { historyApi } from './historyApi';

/**
 * 回收站: a resource's rows removed within the retention period, newest first; the selected ones
 * are restored together (refused as a whole when one would break a rule) or, with the purge
 * button, removed for good.
 */
export function RecycleBinDialog({
  resource,
  canPurge,
  onClose,
  onChanged,
}: {
  resource: ResourceDef;
  canPurge: boolean;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useT();
  const crud = useCrudText();
  const listed = useMemo(() => listFields(resource), [resource]);
  const read = useColumnReaders(resource, listed);
  const confirm = useConfirm();
  const { message } = App.useApp();
  const [selected, setSelected] = useState<string[]>([]);
  const {
    query: removed,
    page,
    table,
  } = usePagedQuery(['recycle', resource.name], (current, size) =>
    historyApi.removed(resource.name, current, size),
  );
  const columns = [
    ...buildColumns({
      resource,
      read,
      t: crud.t,
      label: crud.label,
      firstIndex: (page.current - 1) * page.size + 1,
      sort: null,
      actionsWidth: 0,
      pinActions: false,
    }),
    { key: 'removedAt', dataIndex: 'updateTime', title: t('history.removedAt'), width: 170 },
  ];
  const act = (kind: 'restore' | 'purge') => {
    if (selected.length === 0) {
      void message.warning(t('history.selectFirst'));
      return;
    }
    confirm({
      content: t(kind === 'restore' ? 'history.confirmRecycleRestore' : 'history.confirmPurge', {
        count: selected.length,
      }),
      action: () =>
        kind === 'restore'
          ? historyApi.restoreRemoved(resource.name, selected)
          : historyApi.purge(resource.name, selected),
      done: () => {
        setSelected([]);
        void removed.refetch();
        onChanged();
      },
    });
  };
  return (
    <Modal
      open
      title={t('history.recycleTitle', { name: crud.label(resource.label) })}
      width={1000}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      className="recycle-dialog"
    >
      <Typography.Paragraph type="secondary">{t('history.recycleHint')}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => act('restore')}>
          {t('history.restore')}
        </Button>
        {canPurge && (
          <Button danger onClick={() => act('purge')}>
            {t('history.purge')}
          </Button>
        )}
      </Space>
      <Table<Row>
        rowKey="id"
        size="small"
        bordered
        {...table}
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
      />
    </Modal>
  );
}
