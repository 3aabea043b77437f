import { Inbox } from '../components/inbox.tsx';

/** /atendimento-simples: the same inbox in one column, for small teams and phones. */
export default function InboxSimplePage() {
  return <Inbox layout="single" />;
}
