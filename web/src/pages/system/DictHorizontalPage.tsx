import { resourceNamed } from '../../crud/registry';
import { DictionaryPage } from './DictionaryPage';

const dict = resourceNamed('dict');

/** System dictionaries, horizontal layout (/dict-horizontal/index). */
export default function DictHorizontalPage() {
  return <DictionaryPage resource={dict} layout="horizontal" />;
}
