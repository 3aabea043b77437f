import type { CalendarQuery } from '@sede/shared/marketing/calendar';
import type { PieceListQuery } from '@sede/shared/marketing/pieces';

/** TanStack Query keys of the marketing area: one root, a branch per part. */
export const marketingKeys = {
  all: ['marketing'] as const,
  clients: ['marketing', 'clients'] as const,
  client: (id: string) => ['marketing', 'clients', id] as const,
  pieces: ['marketing', 'pieces'] as const,
  pieceList: (query: PieceListQuery) => ['marketing', 'pieces', 'list', query] as const,
  piece: (id: string) => ['marketing', 'pieces', 'one', id] as const,
  campaigns: ['marketing', 'campaigns'] as const,
  materials: ['marketing', 'materials'] as const,
  overview: ['marketing', 'overview'] as const,
  calendar: ['marketing', 'calendar'] as const,
  calendarRange: (query: CalendarQuery) => ['marketing', 'calendar', query] as const,
};
