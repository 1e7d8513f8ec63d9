import type { ResourceDef } from '@blade/schema';
import { useQuery } from '@tanstack/react-query';
import { registeredResources } from './codeApi';

/** The query key of the registered declarations; registering invalidates it. */
export const GENERATED_RESOURCES = ['generated-resources'] as const;

/**
 * The declaration registered at run time for a menu path: undefined while loading, null when no
 * registered resource has that path.
 */
export function useGeneratedResource(menuPath: string): ResourceDef | null | undefined {
  const query = useQuery({ queryKey: GENERATED_RESOURCES, queryFn: registeredResources, staleTime: 30_000 });
  if (query.isPending) return undefined;
  return query.data?.find((r) => r.menuPath === menuPath)?.resource ?? null;
}
