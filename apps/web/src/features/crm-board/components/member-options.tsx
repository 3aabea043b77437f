import { useQuery } from '@tanstack/react-query';
import { mentionableQueryOptions } from '../../../components/collaboration/collaboration-api.ts';

/** The company's members as a select's options, the user id as the value (a deal's owner). */
export function MemberOptions() {
  const members = useQuery(mentionableQueryOptions(''));
  return (members.data ?? []).map((m) => (
    <option key={m.userId} value={m.userId}>
      {m.name}
    </option>
  ));
}
