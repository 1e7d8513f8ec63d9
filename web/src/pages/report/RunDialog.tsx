import { DownloadOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { App, Button, Modal, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import type { Row } from '../../crud/fields';
import { useT } from '../../i18n';
import { ParamInputs } from './ParamInputs';
import { ReportResult } from './ReportResult';
import { exportReport, reportDetail, runReport } from './reportApi';
import { defaultValues, designOf, type ParamValue, type ReportDesign, type ReportRows } from './reportDesign';

interface RunDialogProps {
  /** The report to run; null keeps the dialog closed. */
  row: Row | null;
  canExport: boolean;
  onClose: () => void;
}

/** Runs a saved report with a parameter form, shows its rows and chart, and exports it. */
export function RunDialog({ row, canExport, onClose }: RunDialogProps) {
  const t = useT();
  const { message } = App.useApp();
  const [design, setDesign] = useState<ReportDesign | null>(null);
  const [values, setValues] = useState<Record<string, ParamValue>>({});
  const [result, setResult] = useState<ReportRows | null>(null);
  const [running, setRunning] = useState(false);
  const [exporting, setExporting] = useState(false);
  const id = row?.id;
  const name = String(row?.name ?? '');

  useEffect(() => {
    setDesign(null);
    setResult(null);
    if (!id) return;
    let live = true;
    reportDetail(id)
      .then((detail) => {
        if (!live) return;
        const loaded = designOf(detail.content);
        setDesign(loaded);
        setValues(defaultValues(loaded));
      })
      .catch(onClose);
    return () => {
      live = false;
    };
  }, [id, onClose]);

  const run = async () => {
    if (!id) return;
    setRunning(true);
    try {
      setResult(await runReport(id, values));
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setRunning(false);
    }
  };

  const download = async () => {
    if (!id) return;
    setExporting(true);
    try {
      await exportReport(id, name, values, () => undefined);
      void message.success(t('export.done'));
    } catch (error) {
      void message.error(error instanceof Error && error.message ? error.message : t('export.failed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Modal
      title={t('report.runTitle', { name })}
      open={!!row}
      width={1100}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
      className="report-run"
    >
      {!design ? (
        <Spin />
      ) : (
        <>
          <Space wrap align="center" style={{ marginBottom: 12 }}>
            <ParamInputs params={design.params} values={values} onChange={setValues} />
            <Button type="primary" icon={<PlayCircleOutlined />} loading={running} onClick={() => void run()}>
              {t('report.run')}
            </Button>
            {canExport && (
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()}>
                {t('report.export')}
              </Button>
            )}
          </Space>
          {result && <ReportResult result={result} chart={design.chart} title={name} />}
        </>
      )}
    </Modal>
  );
}
