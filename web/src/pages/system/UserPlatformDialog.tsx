import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { ActionDialog } from '../../crud/ActionDialog';
import { FieldInput } from '../../crud/FieldInput';
import type { Row } from '../../crud/fields';
import { useCrudText } from '../../crud/i18n';
import { resourceNamed } from '../../crud/registry';
import { platformDetail, updatePlatform } from './systemApi';

const user = resourceNamed('user');
const userType = user.fields.find((f) => f.name === 'userType');

interface PlatformForm {
  userType: number;
  userExt?: string;
}

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** A user's platform (userType) and its extension JSON (user_platform). */
export function UserPlatformDialog({ target, onClose }: { target: Row | null; onClose: () => void }) {
  const { t } = useCrudText();
  const [form] = Form.useForm<PlatformForm>();
  const userId = target?.id ? String(target.id) : '';

  useEffect(() => {
    if (!userId) return;
    void platformDetail(userId)
      .then((row) =>
        form.setFieldsValue({ userType: Number(row.userType ?? 1), userExt: String(row.userExt ?? '') }),
      )
      .catch(() => {});
  }, [userId, form]);

  return (
    <ActionDialog
      title={t('platform')}
      open={target !== null}
      form={form}
      save={(values) => updatePlatform(userId, values.userType, values.userExt ?? '')}
      onClose={onClose}
    >
      {userType && (
        <Form.Item name="userType" label={t('userType')} rules={[{ required: true }]}>
          <FieldInput field={userType} resource={user} purpose="form" />
        </Form.Item>
      )}
      <Form.Item
        name="userExt"
        label={t('userExt')}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (value && !isJson(value)) throw new Error(t('userExtInvalid'));
            },
          },
        ]}
      >
        <Input.TextArea rows={6} placeholder='{"key": "value"}' />
      </Form.Item>
    </ActionDialog>
  );
}
