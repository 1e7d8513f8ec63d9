import type { ResourceDef } from '@blade/schema';
import { Form, Input, Modal } from 'antd';
import { useEffect, useMemo } from 'react';
import { crudApi } from '../../crud/api';
import { dialogFields, type Row } from '../../crud/fields';
import { useSubmit } from '../../crud/useSubmit';
import { useT } from '../../i18n';

/** consult_status / suggest_status key of an answered item. */
const REPLIED = 1;

interface ReplyDialogProps {
  resource: ResourceDef;
  /** The item being answered; null keeps the dialog closed. */
  row: Row | null;
  onClose: () => void;
  onReplied: () => void;
}

/** The 回复 dialog of a consultation or suggestion: saves the reply and marks it answered. */
export function ReplyDialog({ resource, row, onClose, onReplied }: ReplyDialogProps) {
  const t = useT();
  const [form] = Form.useForm<{ reply: string }>();
  const { saving, submit } = useSubmit(t('common.success'), () => {
    onReplied();
    onClose();
  });
  const api = useMemo(() => crudApi(resource), [resource]);
  useEffect(() => {
    if (row) form.setFieldsValue({ reply: typeof row.reply === 'string' ? row.reply : '' });
  }, [row, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    const id = row?.id;
    if (!values || !id) return;
    await submit(async () => {
      const full = await api.detail(id);
      // only what the edit form may send, as the generic dialog would
      const body: Row = { id };
      for (const field of dialogFields(resource, 'edit')) {
        const value = full[field.name];
        if (value !== null && value !== undefined) body[field.name] = value;
      }
      await api.save({ ...body, reply: values.reply, status: REPLIED }, 'edit');
    });
  };

  return (
    <Modal
      title={t('consult.reply')}
      open={!!row}
      onOk={save}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <p className="reply-question">{String(row?.question ?? row?.content ?? '')}</p>
      <Form form={form} layout="vertical" name="reply">
        <Form.Item
          name="reply"
          label={t('consult.reply')}
          rules={[{ required: true, whitespace: true, message: t('consult.replyRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={4000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
