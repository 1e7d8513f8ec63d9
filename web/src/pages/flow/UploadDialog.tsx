import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { SubmitModal } from '../../crud/SubmitModal';
import { useSubmit } from '../../crud/useSubmit';
import { useT } from '../../i18n';
import { CategorySelect } from './CategorySelect';
import { flowApi } from './flowApi';

interface UploadFields {
  category?: string;
  tenantIds?: string;
}

const ACCEPT = '.bpmn,.xml';
export const isBpmnFile = (name: string): boolean => /\.(bpmn|bpmn20\.xml)$/i.test(name);

/** Deploys one or more .bpmn/.bpmn20.xml files (multipart: category, tenantIds, files). */
export function UploadDialog({ onClose, onDeployed }: { onClose: () => void; onDeployed: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<UploadFields>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const { saving, submit } = useSubmit(t('flow.deployed'), onDeployed);

  const upload = async () => {
    // a refused field shows its message in the form
    const fields = await form.validateFields().catch(() => null);
    if (!fields) return;
    if (files.length === 0) {
      void message.warning(t('flow.chooseFiles'));
      return;
    }
    const body = new FormData();
    body.append('category', fields.category ?? '');
    body.append('tenantIds', fields.tenantIds ?? '');
    for (const f of files) if (f.originFileObj) body.append('files', f.originFileObj, f.name);
    // a refusal (the file and the problem) is shown by the HTTP client
    await submit(() => flowApi.upload(body));
  };

  return (
    <SubmitModal
      open
      title={t('flow.upload')}
      mask={{ closable: true }}
      saving={saving}
      onSubmit={() => void upload()}
      onClose={onClose}
    >
      <Form form={form} layout="vertical">
        <Form.Item name="category" label={t('flow.category')}>
          <CategorySelect />
        </Form.Item>
        <Form.Item name="tenantIds" label={t('flow.tenantIds')} extra={t('flow.tenantIdsTip')}>
          <Input />
        </Form.Item>
        <Form.Item label={t('flow.files')} extra={t('flow.filesTip')}>
          <Upload
            accept={ACCEPT}
            multiple
            fileList={files}
            beforeUpload={(file) => {
              if (!isBpmnFile(file.name)) {
                void message.error(t('flow.fileType', { name: file.name }));
                return Upload.LIST_IGNORE;
              }
              return false;
            }}
            onChange={({ fileList }) => setFiles(fileList)}
          >
            <Button icon={<UploadOutlined />}>{t('flow.chooseFiles')}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </SubmitModal>
  );
}
