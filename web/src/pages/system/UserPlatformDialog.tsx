import { App, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
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
  const { message } = App.useApp();
  const [form] = Form.useForm<PlatformForm>();
  const [saving, setSaving] = useState(false);
  const userId = target?.id ? String(target.id) : '';

  useEffect(() => {
    if (!userId) return;
    void platformDetail(userId)
      .then((row) =>
        form.setFieldsValue({ userType: Number(row.userType ?? 1), userExt: String(row.userExt ?? '') }),
      )
      .catch(() => {});
  }, [userId, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await updatePlatform(userId, values.userType, values.userExt ?? '');
      void message.success(t('operationSuccess'));
      onClose();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('platform')}
      open={target !== null}
      maskClosable={false}
      destroyOnHidden
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      okText={t('submit')}
      cancelText={t('cancel')}
    >
      <Form form={form} layout="vertical" preserve={false}>
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
      </Form>
    </Modal>
  );
}
