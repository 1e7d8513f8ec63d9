import { resourceNamed } from '../../crud/registry';
import { DictionaryPage } from './DictionaryPage';

const dictBiz = resourceNamed('dictBiz');

/** Business dictionaries: the same parent and child tables over blade_dict_biz. */
export default function DictBizPage() {
  return <DictionaryPage resource={dictBiz} layout="horizontal" />;
}
