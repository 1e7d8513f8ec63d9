import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useCrudText } from '../../crud/i18n';
import { GrantDialog } from './GrantDialog';
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
  const [menus, setMenus] = useState<string[]>([]);
  const [dataScopes, setDataScopes] = useState<string[]>([]);
  const [apiScopes, setApiScopes] = useState<string[]>([]);
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

  const grant = () =>
    grantRoles({
      roleIds: roleKey,
      menuIds: menus.join(','),
      dataScopeIds: dataScopes.join(','),
      apiScopeIds: apiScopes.join(','),
    });

  const tabs = [
    {
      key: 'menu',
      label: t('menuGrant'),
      children: <MenuTreeCheck menus={tree.data} value={menus} onChange={setMenus} />,
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
    <GrantDialog title={t('grantSetting')} open={open} width={640} grant={grant} onClose={onClose}>
      <Tabs items={tabs} />
    </GrantDialog>
  );
}
