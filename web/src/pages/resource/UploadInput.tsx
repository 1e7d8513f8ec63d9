import { UploadOutlined } from '@ant-design/icons';
import { Button, Image, Input, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import type { CustomInput } from '../../crud/FormDialog';
import { useT } from '../../i18n';
import { putFile } from './fileApi';

interface UploadInputProps {
  /** Set by Form.Item; links the label to the link box. */
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  /** Images get a preview and an image-only file picker. */
  image: boolean;
}

/** A link field filled by uploading through put-file; the link can still be typed. */
function UploadInput({ id, value, onChange, disabled, image }: UploadInputProps) {
  const t = useT();
  const [uploading, setUploading] = useState(false);
  /** Why the server refused the last upload (not an image, a type not allowed), shown at the field. */
  const [refusal, setRefusal] = useState('');
  const link = typeof value === 'string' ? value : '';
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={link}
          disabled={disabled}
          status={refusal ? 'error' : undefined}
          onChange={(e) => {
            setRefusal('');
            onChange?.(e.target.value);
          }}
          allowClear
        />
        <Upload
          accept={image ? 'image/png,image/jpeg,image/gif,image/webp' : undefined}
          showUploadList={false}
          disabled={disabled}
          customRequest={({ file }) => {
            setUploading(true);
            setRefusal('');
            putFile(file as File, image ? 'image' : 'file')
              .then((stored) => onChange?.(stored.link))
              .catch((error: unknown) => setRefusal(error instanceof Error ? error.message : String(error)))
              .finally(() => setUploading(false));
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} disabled={disabled}>
            {t('upload.button')}
          </Button>
        </Upload>
      </Space.Compact>
      {refusal && (
        <Typography.Text type="danger" role="alert" className="upload-refusal">
          {refusal}
        </Typography.Text>
      )}
      {image && link && <Image src={link} height={64} className="upload-preview" />}
    </Space>
  );
}

export const ImageInput: CustomInput = (props: Omit<UploadInputProps, 'image'>) => (
  <UploadInput {...props} image />
);
export const FileInput: CustomInput = (props: Omit<UploadInputProps, 'image'>) => (
  <UploadInput {...props} image={false} />
);
