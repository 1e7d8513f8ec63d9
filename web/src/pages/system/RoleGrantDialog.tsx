import { useQuery } from '@tanstack/react-query';
import { App, Modal, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useCrudText } from '../../crud/i18n';
import { MenuTreeCheck } from './MenuTreeCheck';
import { ScopeChecklist } from './ScopeChecklist';
import { grantRoles, grantScopes, grantTree, roleTreeKeys } from './systemApi';

interface Props {
  roleIds: string[];
  open: boolean;
  onClose: () => void;
}

/**
 * The role grant dialog: menus, data scopes and API scopes of the selected roles, in three tabs
 * (a scope tab shows when the server offers the caller any scope of its kind).
 */
export function RoleGrantDialog({ roleIds, open, onClose }: Props) {
  const { t } = useCrudText();
  const { message } = App.useApp();
  const [menus, setMenus] = useState<string[]>([]);
  const [dataScopes, setDataScopes] = useState<string[]>([]);
  const [apiScopes, setApiScopes] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const tree = useQuery({ queryKey: ['grant-tree'], queryFn: grantTree, enabled: open });
  const scopeRows = useQuery({ queryKey: ['grant-scopes'], queryFn: grantScopes, enabled: open });
  const dataRows = scopeRows.data?.dataScope ?? [];
  const apiRows = scopeRows.data?.apiScope ?? [];
  const roleKey = roleIds.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the joined ids
  useEffect(() => {
    if (!open) return;
    void roleTreeKeys(roleIds)
      .then((keys) => {
        setMenus(keys.menu.map(String));
        setDataScopes(keys.dataScope.map(String));
        setApiScopes(keys.apiScope.map(String));
      })
      .catch(() => {});
  }, [open, roleKey]);

  const submit = async () => {
    setSaving(true);
    try {
      await grantRoles({
        roleIds: roleKey,
        menuIds: menus.join(','),
        dataScopeIds: dataScopes.join(','),
        apiScopeIds: apiScopes.join(','),
      });
      void message.success(t('operationSuccess'));
      onClose();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  const tabs = [
    {
      key: 'menu',
      label: t('menuGrant'),
      children: <MenuTreeCheck tree={tree.data} value={menus} onChange={setMenus} />,
    },
    ...(dataRows.length
      ? [
          {
            key: 'data',
            label: t('dataScopeGrant'),
            children: <ScopeChecklist rows={dataRows} value={dataScopes} onChange={setDataScopes} />,
          },
        ]
      : []),
    ...(apiRows.length
      ? [
          {
            key: 'api',
            label: t('apiScopeGrant'),
            children: <ScopeChecklist rows={apiRows} value={apiScopes} onChange={setApiScopes} />,
          },
        ]
      : []),
  ];

  return (
    <Modal
      title={t('grantSetting')}
      open={open}
      width={640}
      maskClosable={false}
      destroyOnHidden
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      okText={t('submit')}
      cancelText={t('cancel')}
    >
      <Tabs items={tabs} />
    </Modal>
  );
}
