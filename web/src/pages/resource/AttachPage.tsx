import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload } from 'antd';
import { useState } from 'react';
import { type CrudContext, CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/fields';
import { resourceNamed } from '../../crud/registry';
import { useT } from '../../i18n';
import { FileLink } from './FileLink';
import { putFile } from './fileApi';

const attach = resourceNamed('attach');

/** The 上传附件 toolbar button: stores the file (which records the attachment) and reloads. */
function UploadButton({ ctx }: { ctx: CrudContext }) {
  const t = useT();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  return (
    <Upload
      showUploadList={false}
      customRequest={({ file }) => {
        setUploading(true);
        putFile(file as File)
          .then(() => {
            void message.success(t('upload.success'));
            ctx.reload();
          })
          .catch(() => undefined)
          .finally(() => setUploading(false));
      }}
    >
      <Button type="primary" icon={<UploadOutlined />} loading={uploading}>
        {t('attach.upload')}
      </Button>
    </Upload>
  );
}

const cells = () => ({
  link: (value: unknown, row: Row) => <FileLink href={value}>{String(row.originalName ?? value)}</FileLink>,
});

/** /resource/attach: every stored file; 上传附件 in place of 新增 adds one; links open the file. */
export default function AttachPage() {
  return <CrudPage resource={attach} table={{ cells, add: (ctx) => <UploadButton ctx={ctx} /> }} />;
}
