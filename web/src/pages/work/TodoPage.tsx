import { WorkListPage } from './WorkListPage';

/** /work/todo: the todo work list. */
export default function TodoPage() {
  return <WorkListPage list="todo" />;
}
