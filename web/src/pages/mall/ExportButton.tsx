import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Modal, Progress, Typography } from 'antd';
import { useState } from 'react';
import type { Params } from '../../api/http';
import { useT } from '../../i18n';
import { type DownloadProgress, downloadFile } from './download';

interface ExportButtonProps {
  url: string;
  /** The list's current filters and sorts, read when clicked. */
  params: () => Params;
  fileName: string;
}

/** 导出: downloads the filtered rows as a file, with a progress dialog while it streams. */
export function ExportButton({ url, params, fileName }: ExportButtonProps) {
  const t = useT();
  const { message } = App.useApp();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const start = () => {
    setProgress({ received: 0, rows: null, percent: 0 });
    downloadFile(url, params(), fileName, setProgress)
      .then(() => void message.success(t('export.done')))
      .catch(() => void message.error(t('export.failed')))
      .finally(() => setProgress(null));
  };
  return (
    <>
      <Button icon={<DownloadOutlined />} loading={!!progress} onClick={start}>
        {t('export.button')}
      </Button>
      <Modal
        title={t('export.title')}
        open={!!progress}
        closable={false}
        footer={null}
        mask={{ closable: false }}
      >
        <Progress percent={progress?.percent ?? 0} status="active" className="export-progress" />
        <Typography.Text type="secondary">
          {t('export.received', {
            rows: progress?.rows ?? '…',
            kb: Math.round((progress?.received ?? 0) / 1024),
          })}
        </Typography.Text>
      </Modal>
    </>
  );
}
