import type { Job } from '@blade/schema';
import { App, Button, Form, Input, Modal, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { jobApi, type Preview } from './jobApi';
import { normalCron } from './jobView';

interface ScheduleForm {
  cron: string;
  catchUp: boolean;
}

const PREVIEW_DELAY_MS = 300;

/** The next five runs of what is typed, asked of the server a moment after typing stops. */
function usePreview(cron: string): Preview | null {
  const [preview, setPreview] = useState<Preview | null>(null);
  useEffect(() => {
    const text = normalCron(cron);
    if (!text) {
      setPreview(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      jobApi
        .preview(text)
        .then((answer) => current && setPreview(answer))
        .catch(() => current && setPreview(null));
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [cron]);
  return preview;
}

/** 修改计划: the cron expression with a live preview of its next five runs, and the catch-up setting. */
export function ScheduleDialog({
  job,
  onClose,
  onSaved,
}: {
  job: Job;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<ScheduleForm>();
  const [saving, setSaving] = useState(false);
  const cron = Form.useWatch('cron', form) ?? job.cron;
  const preview = usePreview(cron);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await jobApi.update(job.id, normalCron(values.cron), values.catchUp);
      void message.success(t('common.success'));
      onSaved();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('job.editTitle', { name: job.label })}
      onOk={save}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      mask={{ closable: false }}
      destroyOnHidden
      className="job-schedule-dialog"
    >
      <Form
        form={form}
        layout="vertical"
        name="job-schedule"
        initialValues={{ cron: job.cron, catchUp: job.catchUp }}
      >
        <Form.Item
          name="cron"
          label={t('job.cron')}
          extra={t('job.cronHelp')}
          rules={[{ required: true, whitespace: true, message: t('job.cronRequired') }]}
          validateStatus={preview && 'problem' in preview ? 'error' : undefined}
          help={preview && 'problem' in preview ? preview.problem : undefined}
        >
          <Input className="job-cron-input" autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Typography.Paragraph type="secondary" className="job-default-cron">
          {t('job.defaultCron', { cron: job.defaultCron })}{' '}
          <Button
            type="link"
            size="small"
            disabled={normalCron(cron) === job.defaultCron}
            onClick={() => form.setFieldValue('cron', job.defaultCron)}
          >
            {t('job.useDefault')}
          </Button>
        </Typography.Paragraph>
        <div className="job-preview" aria-live="polite">
          <Typography.Text strong>{t('job.preview')}</Typography.Text>
          <ol>
            {(preview && 'nextRuns' in preview ? preview.nextRuns : []).map((time) => (
              <li key={time}>{time}</li>
            ))}
          </ol>
        </div>
        <Form.Item
          name="catchUp"
          label={t('job.catchUp')}
          valuePropName="checked"
          extra={t('job.catchUpHelp')}
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
