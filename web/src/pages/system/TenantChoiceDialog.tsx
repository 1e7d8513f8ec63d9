import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useEffect } from 'react';
import { ActionDialog } from '../../crud/ActionDialog';
import type { Row } from '../../crud/fields';
import { useCrudText } from '../../crud/i18n';
import { NONE, type TenantChoice } from './tenantChoices';

interface TenantChoiceDialogProps {
  /** What the tenant is bound to: PACKAGE_CHOICE or DATASOURCE_CHOICE. */
  choice: TenantChoice;
  tenant: Row | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Binds one thing to a tenant, or none: its package (tenant_package) or data source (tenant_datasource). */
export function TenantChoiceDialog({ choice, tenant, onClose, onSaved }: TenantChoiceDialogProps) {
  const { t } = useCrudText();
  const [form] = Form.useForm<{ choice: string }>();
  const { text, optionsKey, loadOptions, current, save } = choice;
  const options = useQuery({ queryKey: [optionsKey], queryFn: loadOptions, enabled: !!tenant });
  const label = t(text.label);

  useEffect(() => {
    if (!tenant) return;
    void Promise.resolve(current(tenant))
      .then((value) => form.setFieldsValue({ choice: value }))
      .catch(() => {});
  }, [tenant, current, form]);

  return (
    <ActionDialog
      title={t(text.title)}
      open={tenant !== null}
      form={form}
      initialValues={{ choice: NONE }}
      save={(values) => save(String(tenant?.tenantId ?? ''), values.choice)}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="choice" label={label} extra={text.extra && t(text.extra)}>
        <Select
          aria-label={label}
          style={{ width: '100%' }}
          options={[{ value: NONE, label: t(text.none) }, ...(options.data ?? [])]}
        />
      </Form.Item>
    </ActionDialog>
  );
}
