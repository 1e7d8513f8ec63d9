import type { QueryClient } from '@tanstack/react-query';

/** Every list query of a resource starts with this key, whatever its source and parameters. */
export const listQueryKey = (resource: string) => ['crud-list', resource] as const;

/** Other forms' ref pickers of a resource (see useRefOptions). */
export const pickerQueryKey = (resource: string | undefined) => ['picker', resource] as const;

/**
 * A resource's rows changed (saved, removed, restored, imported): every open list of it reads them
 * again, closed ones when they reopen, and so do other forms' pickers of it.
 */
export function resourceChanged(queries: QueryClient, resource: string): Promise<unknown> {
  return Promise.all([
    queries.invalidateQueries({ queryKey: listQueryKey(resource) }),
    queries.invalidateQueries({ queryKey: pickerQueryKey(resource) }),
  ]);
}
