import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useEffect } from 'react';
import { ActionDialog } from '../../crud/ActionDialog';
import type { Row } from '../../crud/fields';

/** "None" in both tenant bindings: no package, the built-in database. */
export const NONE = '0';

interface TenantChoiceDialogProps {
  tenant: Row | null;
  title: string;
  label: string;
  extra?: string;
  /** The label of the NONE option. */
  noneLabel: string;
  /** Query key and loader of the other options ({ id, label }). */
  optionsKey: string;
  loadOptions: () => Promise<Array<{ value: string; label: string }>>;
  /** The tenant's current choice (NONE when unbound). */
  current: (tenant: Row) => Promise<string> | string;
  save: (tenantId: string, choice: string) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
}

/** Binds one thing to a tenant, or none: its package (tenant_package) or data source (tenant_datasource). */
export function TenantChoiceDialog({
  tenant,
  title,
  label,
  extra,
  noneLabel,
  optionsKey,
  loadOptions,
  current,
  save,
  onClose,
  onSaved,
}: TenantChoiceDialogProps) {
  const [form] = Form.useForm<{ choice: string }>();
  const options = useQuery({ queryKey: [optionsKey], queryFn: loadOptions, enabled: !!tenant });

  useEffect(() => {
    if (!tenant) return;
    void Promise.resolve(current(tenant))
      .then((choice) => form.setFieldsValue({ choice }))
      .catch(() => {});
  }, [tenant, current, form]);

  return (
    <ActionDialog
      title={title}
      open={tenant !== null}
      form={form}
      initialValues={{ choice: NONE }}
      save={(values) => save(String(tenant?.tenantId ?? ''), values.choice)}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="choice" label={label} extra={extra}>
        <Select
          aria-label={label}
          style={{ width: '100%' }}
          options={[{ value: NONE, label: noneLabel }, ...(options.data ?? [])]}
        />
      </Form.Item>
    </ActionDialog>
  );
}
