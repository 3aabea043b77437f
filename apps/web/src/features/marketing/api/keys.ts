import type { CampaignListQuery } from '@sede/shared/marketing/campaigns';
import type { MaterialListQuery } from '@sede/shared/marketing/materials';
import type { CalendarQuery } from '@sede/shared/marketing/calendar';
import type { PieceListQuery } from '@sede/shared/marketing/pieces';

/** TanStack Query keys of the marketing area: one root, a branch per part. */
export const marketingKeys = {
  all: ['marketing'] as const,
  clients: ['marketing', 'clients'] as const,
  client: (id: string) => ['marketing', 'clients', id] as const,
  pieces: ['marketing', 'pieces'] as const,
  pieceList: (query: PieceListQuery) => ['marketing', 'pieces', 'list', query] as const,
  /** A list loaded page by page ('Carregar mais'; the calendar's 'Sem data'): an infinite query, so apart from `pieceList`. */
  piecePages: (query: PieceListQuery) => ['marketing', 'pieces', 'pages', query] as const,
  piece: (id: string) => ['marketing', 'pieces', 'one', id] as const,
  campaigns: ['marketing', 'campaigns'] as const,
  campaignList: (query: CampaignListQuery) => ['marketing', 'campaigns', 'list', query] as const,
  campaign: (id: string) => ['marketing', 'campaigns', 'one', id] as const,
  materials: ['marketing', 'materials'] as const,
  overview: ['marketing', 'overview'] as const,
  // Creatives (versions, approval): under the piece's key, so the piece's live event refreshes them.
  review: (pieceId: string) => ['marketing', 'pieces', 'one', pieceId, 'review'] as const,
  covers: (ids: string[]) => ['marketing', 'pieces', 'covers', ids] as const,
  creatives: (query: PieceListQuery) => ['marketing', 'pieces', 'creatives', query] as const,
  publicApproval: (token: string) => ['marketing', 'public-approval', token] as const,
  // Clients (MA): a client's options page, under its client's key.
  clientOptions: (id: string) => ['marketing', 'clients', id, 'options'] as const,
  materialList: (query: MaterialListQuery) => ['marketing', 'materials', 'list', query] as const,
  materialFolders: (clientId: string) => ['marketing', 'materials', 'folders', clientId] as const,
  materialTags: (clientId: string | undefined) => ['marketing', 'materials', 'tags', clientId ?? 'todas'] as const,
  calendar: ['marketing', 'calendar'] as const,
  calendarRange: (query: CalendarQuery) => ['marketing', 'calendar', query] as const,
};
