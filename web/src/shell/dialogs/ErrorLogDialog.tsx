import { App, Button, Modal, Space, Table } from 'antd';
import { uploadErrorLogs } from '../../api/user';
import { useT } from '../../i18n';
import { clearErrorLog, type ErrorLogEntry, useErrorLog } from '../../store/errorLog';

/** The local error log: upload to the server or clear, each after confirmation. */
export function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { modal, message } = App.useApp();
  const logs = useErrorLog((s) => s.logs);

  const upload = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('log.uploadConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await uploadErrorLogs(logs);
        clearErrorLog();
        void message.success(t('log.uploaded'));
      },
    });

  const clear = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('log.clearConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => {
        clearErrorLog();
        void message.success(t('log.cleared'));
      },
    });

  return (
    <Modal title={t('log.title')} open={open} onCancel={onClose} footer={null} width="80%">
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={logs.length === 0} onClick={upload}>
          {t('log.upload')}
        </Button>
        <Button danger disabled={logs.length === 0} onClick={clear}>
          {t('log.clear')}
        </Button>
      </Space>
      <Table<ErrorLogEntry>
        size="small"
        rowKey={(r) => `${r.time}|${r.message}|${r.stack.slice(0, 80)}`}
        dataSource={logs}
        locale={{ emptyText: t('log.empty') }}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        scroll={{ x: 900 }}
        columns={[
          { title: t('log.type'), dataIndex: 'type', width: 70 },
          { title: t('log.url'), dataIndex: 'url', width: 200, ellipsis: true },
          { title: t('log.message'), dataIndex: 'message', width: 220 },
          {
            title: t('log.stack'),
            dataIndex: 'stack',
            render: (v: string) => <pre className="log-stack">{v}</pre>,
          },
          { title: t('log.time'), dataIndex: 'time', width: 160 },
        ]}
      />
    </Modal>
  );
}
