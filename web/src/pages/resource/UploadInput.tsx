import { UploadOutlined } from '@ant-design/icons';
import { Button, Image, Input, Space, Upload } from 'antd';
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
  const link = typeof value === 'string' ? value : '';
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={link}
          disabled={disabled}
          onChange={(e) => onChange?.(e.target.value)}
          allowClear
        />
        <Upload
          accept={image ? 'image/png,image/jpeg,image/gif,image/webp' : undefined}
          showUploadList={false}
          disabled={disabled}
          customRequest={({ file }) => {
            setUploading(true);
            putFile(file as File, image ? 'image' : 'file')
              .then((stored) => onChange?.(stored.link))
              .catch(() => undefined)
              .finally(() => setUploading(false));
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} disabled={disabled}>
            {t('upload.button')}
          </Button>
        </Upload>
      </Space.Compact>
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
