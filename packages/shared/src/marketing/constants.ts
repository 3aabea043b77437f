/** The marketing area: channels, the production flow and formats, with their pt-BR labels. */
export const MARKETING_CHANNELS = ['instagram', 'facebook', 'linkedin', 'tiktok', 'youtube', 'blog', 'email', 'whatsapp'] as const;
export type MarketingChannel = (typeof MARKETING_CHANNELS)[number];
export const CHANNEL_LABELS: Record<MarketingChannel, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  blog: 'Blog',
  email: 'E-mail',
  whatsapp: 'WhatsApp',
};

/** A piece's place in the production flow, in order. */
export const PIECE_STATUSES = ['ideia', 'producao', 'revisao', 'aprovado', 'agendado', 'publicado'] as const;
export type PieceStatus = (typeof PIECE_STATUSES)[number];
export const PIECE_STATUS_LABELS: Record<PieceStatus, string> = {
  ideia: 'Ideia',
  producao: 'Produção',
  revisao: 'Revisão',
  aprovado: 'Aprovado',
  agendado: 'Agendado',
  publicado: 'Publicado',
};

export const PIECE_FORMATS = ['post', 'carrossel', 'story', 'reels', 'video', 'artigo', 'newsletter', 'anuncio', 'outro'] as const;
export type PieceFormat = (typeof PIECE_FORMATS)[number];
export const PIECE_FORMAT_LABELS: Record<PieceFormat, string> = {
  post: 'Post',
  carrossel: 'Carrossel',
  story: 'Story',
  reels: 'Reels',
  video: 'Vídeo',
  artigo: 'Artigo',
  newsletter: 'Newsletter',
  anuncio: 'Anúncio',
  outro: 'Outro',
};

export const MARKETING_CAMPAIGN_STATUSES = ['planejada', 'ativa', 'concluida', 'cancelada'] as const;
export type MarketingCampaignStatus = (typeof MARKETING_CAMPAIGN_STATUSES)[number];
export const MARKETING_CAMPAIGN_STATUS_LABELS: Record<MarketingCampaignStatus, string> = {
  planejada: 'Planejada',
  ativa: 'Ativa',
  concluida: 'Concluída',
  cancelada: 'Cancelada',
};

export const MARKETING_LIMITS = { title: 160, brief: 5_000, copy: 10_000, hashtags: 30, hashtag: 60, url: 2_000, pageSize: 50, maxPageSize: 200, calendarRangeDays: 62 } as const;

export const MARKETING_MESSAGES = {
  clientNotFound: 'Empresa cliente não encontrada.',
  pieceNotFound: 'Peça não encontrada.',
  campaignNotFound: 'Campanha de marketing não encontrada.',
  titleRequired: 'Informe o título da peça.',
  titleTooLong: `O título pode ter até ${MARKETING_LIMITS.title} caracteres.`,
  channel: 'Escolha um canal válido.',
  status: 'Escolha um status válido.',
  format: 'Escolha um formato válido.',
  date: 'Informe uma data e hora válidas.',
  briefTooLong: `O briefing pode ter até ${MARKETING_LIMITS.brief} caracteres.`,
  copyTooLong: `O texto pode ter até ${MARKETING_LIMITS.copy} caracteres.`,
  hashtags: `Use até ${MARKETING_LIMITS.hashtags} hashtags de até ${MARKETING_LIMITS.hashtag} caracteres.`,
  url: 'Informe um endereço (URL) válido, como instagram.com/perfil ou https://site.com.br.',
  range: `Escolha um período de até ${MARKETING_LIMITS.calendarRangeDays} dias.`,
  cursor: 'Página inválida. Recarregue a lista.',
  clientArchived: 'Esta empresa cliente está arquivada. Reative-a nas opções para criar peças.',
  assignee: 'A pessoa responsável precisa ser membro da empresa.',
  scheduleNeedsDate: 'Para agendar ou publicar, informe a data da peça.',
} as const;
