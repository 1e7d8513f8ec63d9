import { useQuery } from '@tanstack/react-query';
import { App, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useCrudText } from '../../crud/i18n';
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
  const { message } = App.useApp();
  const open = topMenuIds !== null;
  const [menus, setMenus] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const tree = useQuery({ queryKey: ['grant-top-tree'], queryFn: grantTopTree, enabled: open });
  const key = (topMenuIds ?? []).join(',');

  useEffect(() => {
    if (!key) return;
    void topTreeKeys(key.split(','))
      .then((keys) => setMenus(keys.menu.map(String)))
      .catch(() => {});
  }, [key]);

  const submit = async () => {
    setSaving(true);
    try {
      await grantTopMenus(key, menus.join(','));
      void message.success(t('operationSuccess'));
      onClose();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('menuSetting')}
      open={open}
      width={560}
      maskClosable={false}
      destroyOnHidden
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      okText={t('submit')}
      cancelText={t('cancel')}
    >
      <MenuTreeCheck tree={tree.data} value={menus} onChange={setMenus} />
    </Modal>
  );
}
