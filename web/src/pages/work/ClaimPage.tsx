import { WorkListPage } from './WorkListPage';

/** /work/claim: the claim work list. */
export default function ClaimPage() {
  return <WorkListPage list="claim" />;
}
