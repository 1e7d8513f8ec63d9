import { resourceNamed } from '../../crud/registry';
import { ConfigCrud } from './ConfigCrud';

const oss = resourceNamed('oss');

/** /resource/oss: storage configurations, one enabled per tenant. */
export default function OssPage() {
  return <ConfigCrud resource={oss} enableCode="oss_enable" />;
}
