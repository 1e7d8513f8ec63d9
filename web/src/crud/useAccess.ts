import type { PermissionCode, ResourceDef } from '@blade/schema';
import { useMemo } from 'react';
import { useSession } from '../store/session';
import { type Abilities, abilities, holds } from './access';

export interface Access extends Abilities {
  /** Any other button code of the page, e.g. user_reset. */
  has: (code: PermissionCode) => boolean;
}

/** The shared access check of the pages: the session's button codes against the resource's. */
export function useAccess(resource: Pick<ResourceDef, 'permission' | 'ui'>): Access {
  const permission = useSession((s) => s.permission);
  return useMemo(
    () => ({ ...abilities(resource, permission), has: (code: PermissionCode) => holds(permission, code) }),
    [resource, permission],
  );
}
