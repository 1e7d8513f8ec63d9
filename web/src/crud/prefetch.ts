import type { ResourceDef } from '@blade/schema';
import { queryClient } from '../shell/queryClient';
import { crudApi } from './api';
import { listFields } from './fields';
import { prefetchColumns } from './useColumnReaders';
import { prefetchCrudList } from './useCrudList';

/**
 * Starts a list page's first calls (its first rows, its columns' dictionaries and ref names) before
 * the page renders: a signed-in direct load starts them with the page's code, so they travel while
 * the shell builds instead of after. The page's own queries then find them under the same keys.
 */
export function prefetchCrudPage(resource: ResourceDef): void {
  prefetchCrudList(queryClient, { resource, api: crudApi(resource) });
  prefetchColumns(queryClient, resource, listFields(resource));
}
