import { Inbox } from '../components/inbox.tsx';

/** /atendimento: the customer-service inbox (issue 15). */
export default function InboxPage() {
  return <Inbox layout="split" />;
}
