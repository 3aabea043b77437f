import { Inbox } from '../components/inbox.tsx';

/** /atendimento: the customer-service inbox (decision 0267). */
export default function InboxPage() {
  return <Inbox layout="split" />;
}
