import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCrudText } from '../../crud/i18n';
import { GrantDialog } from './GrantDialog';
import { MenuTreeCheck } from './MenuTreeCheck';
import { grantTopMenus, grantTopTree, topTreeKeys } from './systemApi';

/** The menus the selected top menus show (topmenu_setting). */
export function TopMenuSettingDialog({
  topMenuIds,
  onClose,
}: {
  topMenuIds: string[] | null;
  onClose: () => void;
}) {
  const { t } = useCrudText();
  const open = topMenuIds !== null;
  const [menus, setMenus] = useState<string[]>([]);
  const tree = useQuery({ queryKey: ['grant-top-tree'], queryFn: grantTopTree, enabled: open });
  const key = (topMenuIds ?? []).join(',');

  useEffect(() => {
    if (!key) return;
    void topTreeKeys(key.split(','))
      .then((keys) => setMenus(keys.menu.map(String)))
      .catch(() => {});
  }, [key]);

  const grant = () => grantTopMenus(key, menus.join(','));

  return (
    <GrantDialog title={t('menuSetting')} open={open} width={560} grant={grant} onClose={onClose}>
      <MenuTreeCheck menus={tree.data} value={menus} onChange={setMenus} />
    </GrantDialog>
  );
}
