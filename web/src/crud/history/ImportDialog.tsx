import { UploadOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@blade/schema';
import { Alert, App, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { downloadFile } from '../../pages/mall/download';
import { useCrudText } from '../i18n';
import { historyApi, type ImportAnswer, type ImportJob } from './historyApi';

/** How often a running background import is asked how far it is. */
const POLL_MS = 1000;

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
 * A large file is checked and imported as background work: a progress bar follows it, and the
 * list page opens the dialog again on the running or finished import after a reload (`job`).
 */
export function ImportDialog({
  resource,
  job: resumed,
  onClose,
  onChanged,
}: {
  resource: ResourceDef;
  /** A background import found again. */
  job?: ImportJob;
  onClose: () => void;
  onChanged: () => void;
}) {
  const t = useT();
  const { label } = useCrudText();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [job, setJob] = useState<ImportJob | null>(resumed ?? null);
  const [busy, setBusy] = useState(false);
  const running = job?.status === 'running';
  const jobId = job?.id;

  useEffect(() => {
    if (!running || !jobId) return;
    const timer = setInterval(() => {
      historyApi.importJob(resource.name, jobId).then(
        (next) => {
          setJob(next);
          if (next.status === 'done' && next.mode === 'import') {
            void message.success(t('import.done', { count: next.imported }));
            onChanged();
          }
        },
        () => setJob(null),
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, jobId, resource.name, message, t, onChanged]);

  const send = async (mode: 'check' | 'import') => {
    if (!file) {
      void message.warning(t('import.noFile'));
      return;
    }
    setBusy(true);
    try {
      const result = await historyApi.importSheet(resource.name, file, mode);
      if ('job' in result) {
        setAnswer(null);
        setJob(result.job);
        return;
      }
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
  const importValid = async () => {
    if (job?.canImport) {
      setBusy(true);
      try {
        setJob(await historyApi.runImport(resource.name, job.id));
      } catch {
        // the HTTP client has shown the server's message
      } finally {
        setBusy(false);
      }
      return;
    }
    await send('import');
  };
  const close = () => {
    // A finished background import is put away once seen; a running one is found again.
    if (job && !running) void historyApi.dismissImport(resource.name, job.id).catch(() => undefined);
    onClose();
  };
  const shown: ImportAnswer | null =
    answer ?? (job && job.status === 'done' ? { ...job, total: job.total ?? job.processed } : null);
  const problemCount = answer ? answer.problems.length : (job?.problemCount ?? 0);
  const canImport = answer ? answer.valid > 0 && answer.imported === 0 : (job?.canImport ?? false);
  return (
    <Modal
      open
      title={t('import.title', { name: label(resource.label) })}
      width={760}
      footer={null}
      onCancel={close}
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
          disabled={running}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setAnswer(null);
            setJob(null);
            return false;
          }}
          onRemove={() => setFile(null)}
        >
          <Button icon={<UploadOutlined />}>{t('import.choose')}</Button>
        </Upload>
        <Button type="primary" loading={busy} disabled={running || !file} onClick={() => void send('check')}>
          {t('import.check')}
        </Button>
      </Space>
      {job && running && (
        <div className="import-progress">
          <Typography.Paragraph>
            {job.total === null
              ? t('import.counting')
              : t(job.mode === 'import' ? 'import.importing' : 'import.checking', {
                  processed: job.processed,
                  total: job.total,
                })}
          </Typography.Paragraph>
          <Progress
            status="active"
            percent={job.total ? Math.min(99, Math.floor((job.processed / job.total) * 100)) : 0}
          />
        </div>
      )}
      {job?.status === 'failed' && (
        <Alert type="error" showIcon message={t('import.failed', { error: job.error ?? '' })} />
      )}
      {shown && (
        <>
          {job && <Progress className="import-progress" percent={100} />}
          <Typography.Paragraph className="import-summary">
            {job?.mode === 'import'
              ? t('import.done', { count: job.imported })
              : t('import.summary', { total: shown.total, valid: shown.valid, bad: problemCount })}
          </Typography.Paragraph>
          {shown.problems.length > 0 && (
            <Table
              rowKey={(p) => `${p.row}-${p.message}`}
              size="small"
              bordered
              className="import-problems"
              pagination={{ pageSize: 10 }}
              dataSource={shown.problems}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('import.row'), width: 80 },
                { key: 'message', dataIndex: 'message', title: t('import.problem') },
              ]}
            />
          )}
          {job && problemCount > shown.problems.length && (
            <Typography.Paragraph type="secondary">
              {t('import.shown', { count: shown.problems.length })}
            </Typography.Paragraph>
          )}
          <Space style={{ marginTop: 12 }}>
            {problemCount > 0 && (
              <Button
                onClick={() =>
                  job
                    ? void downloadFile(
                        '/blade-log/data/import/report',
                        { resource: resource.name, id: job.id },
                        'import-errors.xlsx',
                        () => {},
                      )
                    : answer && saveReport(answer, [t('import.row'), t('import.problem')])
                }
              >
                {t('import.report')}
              </Button>
            )}
            {job?.mode !== 'import' && (
              <Button type="primary" disabled={!canImport} loading={busy} onClick={() => void importValid()}>
                {t('import.valid')}
              </Button>
            )}
          </Space>
        </>
      )}
    </Modal>
  );
}
