import { App, Button, Card, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCrudText } from '../../../crud/i18n';
import { useT } from '../../../i18n';
import { flowApi } from '../../flow/flowApi';
import { ApproverSelect } from './ApproverSelect';
import { leaveDays, TIME_FORMAT } from './leaveDays';
import { workListPath } from './leaveRoutes';
import { useLeaveTypes } from './useLeave';

interface LeaveFields {
  leaveType: number;
  startTime: Dayjs;
  endTime: Dayjs;
  reason: string;
  approverId: string;
}

const wire = (time: Dayjs | undefined): string | undefined => time?.format(TIME_FORMAT);

/** /work/process/leave/form/{processDefinitionId}: starts a leave request. */
export default function LeaveFormPage() {
  const t = useT();
  const crud = useCrudText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { processDefinitionId = '' } = useParams();
  const [form] = Form.useForm<LeaveFields>();
  const types = useLeaveTypes();
  const [busy, setBusy] = useState(false);
  const start = Form.useWatch('startTime', form);
  const end = Form.useWatch('endTime', form);
  const days = leaveDays(wire(start), wire(end));

  const submit = async (values: LeaveFields) => {
    setBusy(true);
    try {
      await flowApi.startLeave({
        processDefinitionId,
        leaveType: values.leaveType,
        startTime: values.startTime.format(TIME_FORMAT),
        endTime: values.endTime.format(TIME_FORMAT),
        reason: values.reason.trim(),
        approverId: values.approverId,
      });
      void message.success(t('leave.submitted'));
      navigate(workListPath('send'));
    } catch {
      // shown by the HTTP client
    } finally {
      setBusy(false);
    }
  };

  const required = (key: Parameters<typeof t>[0]) => [{ required: true, message: t(key) }];
  return (
    <Card size="small" title={t('route.leaveForm')} className="leave-form">
      <Form<LeaveFields>
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="leaveType" label={t('leave.type')} rules={required('leave.typeRequired')}>
          <Select id="leave-type" options={types} placeholder={t('leave.typeRequired')} />
        </Form.Item>
        <Space size="large" align="start" wrap>
          <Form.Item name="startTime" label={t('leave.startTime')} rules={required('leave.startRequired')}>
            <DatePicker id="leave-start" showTime format={TIME_FORMAT} />
          </Form.Item>
          <Form.Item
            name="endTime"
            label={t('leave.endTime')}
            dependencies={['startTime']}
            rules={[
              ...required('leave.endRequired'),
              ({ getFieldValue }) => ({
                validator: (_, value?: Dayjs) => {
                  const from = getFieldValue('startTime') as Dayjs | undefined;
                  return value && from && value.isBefore(from)
                    ? Promise.reject(new Error(t('leave.endBeforeStart')))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker id="leave-end" showTime format={TIME_FORMAT} />
          </Form.Item>
          <Form.Item label={t('leave.days')}>
            <Typography.Text className="leave-days" strong>
              {days === undefined ? '—' : t('leave.daysValue', { days })}
            </Typography.Text>
          </Form.Item>
        </Space>
        <Form.Item
          name="reason"
          label={t('leave.reason')}
          rules={[{ ...required('leave.reasonRequired')[0], whitespace: true }]}
        >
          <Input.TextArea id="leave-reason" rows={3} maxLength={1000} />
        </Form.Item>
        <Form.Item name="approverId" label={t('leave.approver')} rules={required('leave.approverRequired')}>
          <ApproverSelect id="leave-approver" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {crud.t('submit')}
        </Button>
      </Form>
    </Card>
  );
}
