import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useEffect } from 'react';
import { ActionDialog } from '../../crud/ActionDialog';
import type { Row } from '../../crud/fields';
import { useCrudText } from '../../crud/i18n';
import { packageDetail, packageSetting, packages } from './systemApi';

const NONE = '0';

/** Binds a package to a tenant, or none (tenant_package). */
export function TenantPackageDialog({
  tenant,
  onClose,
  onSaved,
}: {
  tenant: Row | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useCrudText();
  const [form] = Form.useForm<{ packageId: string }>();
  const tenantId = tenant ? String(tenant.tenantId) : '';
  const options = useQuery({ queryKey: ['tenant-packages'], queryFn: packages, enabled: !!tenant });

  useEffect(() => {
    if (!tenantId) return;
    void packageDetail(tenantId)
      .then((p) => form.setFieldsValue({ packageId: p?.id ? String(p.id) : NONE }))
      .catch(() => {});
  }, [tenantId, form]);

  return (
    <ActionDialog
      title={t('packageSetting')}
      open={tenant !== null}
      form={form}
      initialValues={{ packageId: NONE }}
      save={(values) => packageSetting(tenantId, values.packageId)}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item name="packageId" label={t('tenantPackage')}>
        <Select
          aria-label={t('tenantPackage')}
          style={{ width: '100%' }}
          options={[
            { value: NONE, label: t('noPackage') },
            ...(options.data ?? []).map((p) => ({ value: String(p.id), label: String(p.packageName) })),
          ]}
        />
      </Form.Item>
    </ActionDialog>
  );
}
