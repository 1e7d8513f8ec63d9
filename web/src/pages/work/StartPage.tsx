import { WorkListPage } from './WorkListPage';

/** /work/start: the start work list. */
export default function StartPage() {
  return <WorkListPage list="start" />;
}
