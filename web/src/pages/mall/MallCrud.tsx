import type { ResourceDef } from '@blade/schema';
import { Image } from 'antd';
import { type ComponentType, useMemo } from 'react';
import { type CrudContext, CrudPage, type CrudPageProps } from '../../crud/CrudPage';
import type { CellRenderer } from '../../crud/columns';
import { prefetchCrudPage } from '../../crud/prefetch';
import { resourceNamed } from '../../crud/registry';
import { mediaInputs } from '../resource/mediaInputs';
import { namedPage } from './namedPage';
import { remoteInputs } from './remoteInputs';

/** Images as thumbnails in the list (money reads as yuan everywhere, by FieldText). */
function typedCells(resource: ResourceDef): Record<string, CellRenderer> {
  const out: Record<string, CellRenderer> = {};
  for (const field of resource.fields) {
    if (field.type === 'image')
      out[field.name] = (value) =>
        typeof value === 'string' && value ? (
          <Image src={value} height={32} preview={{ mask: false }} />
        ) : null;
  }
  return out;
}

/**
 * The generic page of a mall resource with uploads for its image and file fields, server-searched
 * pickers for fields pointing at a large table, and image cells; a page's own inputs and cells come on top.
 */
export function MallCrud(props: CrudPageProps) {
  const { resource, form, table } = props;
  const inputs = form?.inputs;
  const cells = table?.cells;
  const typed = useMemo(() => typedCells(resource), [resource]);
  const media = useMemo(
    () => ({ ...mediaInputs(resource), ...remoteInputs(resource), ...inputs }),
    [resource, inputs],
  );
  const allCells = (ctx: CrudContext) => ({ ...typed, ...cells?.(ctx) });
  return <CrudPage {...props} form={{ ...form, inputs: media }} table={{ ...table, cells: allCells }} />;
}

/** Starts the first calls of a mall page before it shows (see prefetchCrudPage). */
export const prefetchMallPage = (name: string): void => prefetchCrudPage(resourceNamed(name));

/** The page of a mall resource that needs nothing beyond MallCrud. */
export const mallPage = (name: string): ComponentType =>
  namedPage('MallPage', name, (resource) => () => <MallCrud resource={resource} />);
