import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useCrudText } from '../../crud/i18n';
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
  const crud = useCrudText();
  const { message } = App.useApp();
  const [form] = Form.useForm<UploadFields>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const fields = await form.validateFields();
    if (files.length === 0) {
      void message.warning(t('flow.chooseFiles'));
      return;
    }
    const body = new FormData();
    body.append('category', fields.category ?? '');
    body.append('tenantIds', fields.tenantIds ?? '');
    for (const f of files) if (f.originFileObj) body.append('files', f.originFileObj, f.name);
    setBusy(true);
    try {
      await flowApi.upload(body);
      void message.success(t('flow.deployed'));
      onDeployed();
    } catch {
      // the server's message (the file and the problem) is shown by the HTTP client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('flow.upload')}
      okText={crud.t('submit')}
      cancelText={crud.t('cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
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
    </Modal>
  );
}
