import { Button } from 'antd';
import { useState } from 'react';
import { CrudPage } from '../../crud/CrudPage';
import { resourceNamed } from '../../crud/registry';
import { TopMenuSettingDialog } from './TopMenuSettingDialog';
import { useSelectionGuard } from './useSelectionGuard';

const topMenu = resourceNamed('topMenu');

/** Top menus, with the menu setting dialog for the selected ones. */
export default function TopMenuPage() {
  const [setting, setSetting] = useState<string[] | null>(null);
  const guard = useSelectionGuard();
  return (
    <>
      <CrudPage
        resource={topMenu}
        table={{
          toolbar: ({ access, selectedIds, text }) =>
            access.has('topmenu_setting') && (
              <Button onClick={() => guard(selectedIds, () => setSetting(selectedIds))}>
                {text.t('menuSetting')}
              </Button>
            ),
        }}
      />
      <TopMenuSettingDialog topMenuIds={setting} onClose={() => setSetting(null)} />
    </>
  );
}
