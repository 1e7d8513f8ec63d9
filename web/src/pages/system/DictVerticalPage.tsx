import { resourceNamed } from '../../crud/registry';
import { DictionaryPage } from './DictionaryPage';

const dict = resourceNamed('dict');

/** System dictionaries, vertical layout (/dict-vertical/index). */
export default function DictVerticalPage() {
  return <DictionaryPage resource={dict} layout="vertical" />;
}
