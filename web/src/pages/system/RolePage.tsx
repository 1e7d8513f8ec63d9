import { Button } from 'antd';
import { useState } from 'react';
import { CrudPage } from '../../crud/CrudPage';
import { resourceNamed } from '../../crud/registry';
import { useAccess } from '../../crud/useAccess';
import { lazyDialog } from '../../shell/lazyDialog';
import { RoleGrantDialog } from './RoleGrantDialog';
import { useSelectionGuard } from './useSelectionGuard';

/** The explainer's code loads when it is first opened, so the page's own first calls start sooner. */
const ExplainDrawer = lazyDialog(() => import('./ExplainDrawer').then((m) => m.ExplainDrawer));

const role = resourceNamed('role');

/** Roles as a tree table, with the grant dialog (role_setting) for the selected roles and the access explainer. */
export default function RolePage() {
  const [granting, setGranting] = useState<string[] | null>(null);
  const [explaining, setExplaining] = useState(false);
  const guard = useSelectionGuard();
  const access = useAccess(role);
  return (
    <>
      <CrudPage
        resource={role}
        table={{
          toolbar: ({ selectedIds, text }) => (
            <>
              {access.has('role_setting') && (
                <Button onClick={() => guard(selectedIds, () => setGranting(selectedIds))}>
                  {text.t('grantSetting')}
                </Button>
              )}
              {access.has('role_explain') && (
                <Button onClick={() => setExplaining(true)}>{text.t('explain')}</Button>
              )}
            </>
          ),
        }}
      />
      <RoleGrantDialog roleIds={granting ?? []} open={granting !== null} onClose={() => setGranting(null)} />
      <ExplainDrawer open={explaining} onClose={() => setExplaining(false)} />
    </>
  );
}
