import { useQuery } from '@tanstack/react-query';
import { App, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
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
  const { message } = App.useApp();
  const [packageId, setPackageId] = useState(NONE);
  const [saving, setSaving] = useState(false);
  const tenantId = tenant ? String(tenant.tenantId) : '';
  const options = useQuery({ queryKey: ['tenant-packages'], queryFn: packages, enabled: !!tenant });

  useEffect(() => {
    if (!tenantId) return;
    setPackageId(NONE);
    void packageDetail(tenantId)
      .then((p) => setPackageId(p?.id ? String(p.id) : NONE))
      .catch(() => {});
  }, [tenantId]);

  const submit = async () => {
    setSaving(true);
    try {
      await packageSetting(tenantId, packageId);
      void message.success(t('operationSuccess'));
      onSaved();
      onClose();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('packageSetting')}
      open={tenant !== null}
      maskClosable={false}
      destroyOnHidden
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      okText={t('submit')}
      cancelText={t('cancel')}
    >
      <Select
        aria-label={t('tenantPackage')}
        style={{ width: '100%' }}
        value={packageId}
        onChange={setPackageId}
        options={[
          { value: NONE, label: t('noPackage') },
          ...(options.data ?? []).map((p) => ({ value: String(p.id), label: String(p.packageName) })),
        ]}
      />
    </Modal>
  );
}
