import { useMemo, useRef } from 'react';
import type { Params } from '../../api/http';
import { crudApi } from '../../crud/api';
import { resourceNamed } from '../../crud/registry';
import { ExportButton } from './ExportButton';
import { MallCrud } from './MallCrud';

const links = resourceNamed('links');

/** The list's filters and sorts without its paging, for the export. */
const withoutPaging = ({ current: _current, size: _size, ...rest }: Params): Params => rest;

/** /mall/links: links with an .xlsx export of the rows the current filters select. */
export default function LinksPage() {
  const api = useMemo(() => crudApi(links), []);
  const last = useRef<Params>({});
  return (
    <MallCrud
      resource={links}
      load={(params) => {
        last.current = withoutPaging(params);
        return api.list(params);
      }}
      toolbar={(ctx) =>
        ctx.access.has('links_export') && (
          <ExportButton url={`${links.path}/export`} params={() => last.current} fileName="links.xlsx" />
        )
      }
    />
  );
}
