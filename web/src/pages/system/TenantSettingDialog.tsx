import { DatePicker, Form, InputNumber } from 'antd';
import type { Dayjs } from 'dayjs';
import { ActionDialog } from '../../crud/ActionDialog';
import { useCrudText } from '../../crud/i18n';
import { tenantSetting } from './systemApi';

interface SettingForm {
  accountNumber: number;
  expireTime?: Dayjs | null;
}

/** Account limit and expiry time of the selected tenants (tenant_setting). */
export function TenantSettingDialog({
  ids,
  onClose,
  onSaved,
}: {
  ids: string[] | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useCrudText();
  const [form] = Form.useForm<SettingForm>();

  return (
    <ActionDialog
      title={t('tenantSetting')}
      open={ids !== null}
      form={form}
      initialValues={{ accountNumber: -1 }}
      save={(values) =>
        tenantSetting(
          (ids ?? []).join(','),
          values.accountNumber,
          values.expireTime?.format('YYYY-MM-DD HH:mm:ss'),
        )
      }
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        name="accountNumber"
        label={t('accountNumber')}
        extra={t('accountNumberTip')}
        rules={[{ required: true }]}
      >
        <InputNumber min={-1} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="expireTime" label={t('expireTime')}>
        <DatePicker showTime style={{ width: '100%' }} />
      </Form.Item>
    </ActionDialog>
  );
}
