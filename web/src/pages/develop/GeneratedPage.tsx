import type { ReactNode } from 'react';
import { PageLoading } from '../../app/PageLoading';
import { CrudPage } from '../../crud/CrudPage';
import { useGeneratedResource } from './useGeneratedResource';

/**
 * The list page of a resource registered by the code generator after the web was built: the
 * generic page from the declaration the server sends, or `fallback` when the path has none.
 */
export default function GeneratedPage({ path, fallback }: { path: string; fallback: ReactNode }) {
  // '/mall/widget', '/mall/widget/index' and '/mall/widget?x' are the same screen.
  const clean = `/${path.split('?')[0]?.replace(/^\/+|\/+$/g, '') ?? ''}`.replace(/\/index$/, '');
  const resource = useGeneratedResource(clean);
  if (resource === undefined) return <PageLoading />;
  if (resource === null) return <>{fallback}</>;
  return <CrudPage key={resource.name} resource={resource} />;
}
