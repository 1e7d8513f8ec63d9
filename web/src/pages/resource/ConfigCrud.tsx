import type { PermissionCode, ResourceDef } from '@blade/schema';
import { type ReactNode, useMemo } from 'react';
import { type CrudContext, CrudPage } from '../../crud/CrudPage';
import { EnableAction } from './EnableAction';
import { SecretInput } from './SecretInput';
import { keepEmptySecret, withSecretOnEdit } from './secret';

interface ConfigCrudProps {
  resource: ResourceDef;
  /** The enable button's permission code. */
  enableCode: PermissionCode;
  toolbar?: (ctx: CrudContext) => ReactNode;
}

const inputs = { secretKey: SecretInput };

/** A storage or SMS configuration list: the generic page, the enable button, a write-only secret. */
export function ConfigCrud({ resource, enableCode, toolbar }: ConfigCrudProps) {
  const view = useMemo(() => withSecretOnEdit(resource), [resource]);
  return (
    <CrudPage
      resource={view}
      form={{ inputs, beforeSave: (body) => keepEmptySecret(body) }}
      table={{
        toolbar,
        rowActions: (row, ctx) => <EnableAction row={row} ctx={ctx} path={resource.path} code={enableCode} />,
      }}
    />
  );
}
