import { resourceNamed } from '../../crud/registry';
import { MallCrud } from './MallCrud';

const links = resourceNamed('links');

/** /mall/links: links; the list's 导出 (the filtered rows as .xlsx) is the one every list has. */
export default function LinksPage() {
  return <MallCrud resource={links} />;
}
