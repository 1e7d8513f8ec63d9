import { UploadOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@blade/schema';
import { App, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n';
import { downloadFile } from '../../pages/mall/download';
import { useCrudText } from '../i18n';
import { historyApi, type ImportAnswer } from './historyApi';

/** The refused rows as a CSV a spreadsheet opens (with a BOM so Chinese text reads right). */
function saveReport(answer: ImportAnswer, headers: [string, string]): void {
  const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
  const lines = [headers, ...answer.problems.map((p) => [String(p.row), p.message])].map((l) =>
    l.map(quote).join(','),
  );
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([`\ufeff${lines.join('\r\n')}`], { type: 'text/csv' }));
  link.download = 'import-errors.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/**
 * 导入: the template to fill in, then a file checked row by row by the form's rules; the refused
 * rows are listed (and can be saved as a report), and nothing is written until 导入有效数据.
 */
export function ImportDialog({
  resource,
  onClose,
  onChanged,
}: {
  resource: ResourceDef;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useT();
  const { label } = useCrudText();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (mode: 'check' | 'import') => {
    if (!file) {
      void message.warning(t('import.noFile'));
      return;
    }
    setBusy(true);
    try {
      const result = await historyApi.importSheet(resource.name, file, mode);
      setAnswer(result);
      if (mode === 'import') {
        void message.success(t('import.done', { count: result.imported }));
        onChanged();
      }
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('import.title', { name: label(resource.label) })}
      width={760}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      className="import-dialog"
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Button
          onClick={() =>
            void downloadFile(
              '/blade-log/data/template',
              { resource: resource.name },
              'template.xlsx',
              () => {},
            )
          }
        >
          {t('import.template')}
        </Button>
        <Upload
          accept=".xlsx"
          maxCount={1}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setAnswer(null);
            return false;
          }}
          onRemove={() => setFile(null)}
        >
          <Button icon={<UploadOutlined />}>{t('import.choose')}</Button>
        </Upload>
        <Button type="primary" loading={busy} onClick={() => void send('check')}>
          {t('import.check')}
        </Button>
      </Space>
      {answer && (
        <>
          <Typography.Paragraph className="import-summary">
            {t('import.summary', { total: answer.total, valid: answer.valid, bad: answer.problems.length })}
          </Typography.Paragraph>
          {answer.problems.length > 0 && (
            <Table
              rowKey={(p) => `${p.row}-${p.message}`}
              size="small"
              bordered
              className="import-problems"
              pagination={{ pageSize: 10 }}
              dataSource={answer.problems}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('import.row'), width: 80 },
                { key: 'message', dataIndex: 'message', title: t('import.problem') },
              ]}
            />
          )}
          <Space style={{ marginTop: 12 }}>
            {answer.problems.length > 0 && (
              <Button onClick={() => saveReport(answer, [t('import.row'), t('import.problem')])}>
                {t('import.report')}
              </Button>
            )}
            <Button
              type="primary"
              disabled={answer.valid === 0 || answer.imported > 0}
              loading={busy}
              onClick={() => void send('import')}
            >
              {t('import.valid')}
            </Button>
          </Space>
        </>
      )}
    </Modal>
  );
}
