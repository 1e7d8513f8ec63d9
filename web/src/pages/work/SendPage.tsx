import { WorkListPage } from './WorkListPage';

/** /work/send: the send work list. */
export default function SendPage() {
  return <WorkListPage list="send" />;
}
