import { useQuery } from '@tanstack/react-query';
import { CrudPage } from '../../crud/CrudPage';
import type { CustomInput } from '../../crud/FormDialog';
import { resourceNamed } from '../../crud/registry';
import { MenuTreeCheck } from './MenuTreeCheck';
import { grantTree } from './systemApi';

const tenantPackage = resourceNamed('tenantPackage');

/** The package's menus, chosen from the grant tree and sent comma-joined. */
const PackageMenus: CustomInput = ({ value, onChange, disabled }) => {
  const tree = useQuery({ queryKey: ['grant-tree'], queryFn: grantTree });
  return <MenuTreeCheck menus={tree.data} value={value} onChange={onChange} disabled={disabled} />;
};

const inputs = { menuId: PackageMenus };

/** Tenant packages: add, edit and delete always offered to the administrator; view is off (spec §2). */
export default function TenantPackagePage() {
  return <CrudPage resource={tenantPackage} form={{ inputs }} />;
}
