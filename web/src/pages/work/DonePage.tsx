import { WorkListPage } from './WorkListPage';

/** /work/done: the done work list. */
export default function DonePage() {
  return <WorkListPage list="done" />;
}
