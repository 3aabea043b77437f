import { z } from 'zod';
import { patchBody } from '../patch.ts';
import { webAddressSchema } from '../web-address.ts';
import { MARKETING_CHANNELS, MARKETING_LIMITS as L, MARKETING_MESSAGES as M, PIECE_FORMATS, PIECE_STATUSES } from './constants.ts';

const title = z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(L.title, M.titleTooLong);
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));
const hashtag = z
  .string({ error: M.hashtags })
  .trim()
  .transform((v) => v.replace(/^#+/, ''))
  .pipe(z.string().min(1, M.hashtags).max(L.hashtag, M.hashtags).regex(/^[\p{L}\p{N}_]+$/u, M.hashtags));

/** A piece as the forms send it (create); every field but title, client and channel is optional. */
export const pieceCreateSchema = z.object({
  clientId: z.uuid({ error: M.clientNotFound }),
  campaignId: z.uuid({ error: M.campaignNotFound }).nullish(),
  title,
  channel: z.enum(MARKETING_CHANNELS, { error: M.channel }),
  format: z.enum(PIECE_FORMATS, { error: M.format }).default('post'),
  status: z.enum(PIECE_STATUSES, { error: M.status }).default('ideia'),
  /** ISO date-time with offset; null keeps the piece off the calendar (an idea). */
  scheduledAt: z.iso.datetime({ offset: true, error: M.date }).nullish(),
  brief: optionalText(L.brief, M.briefTooLong),
  copy: optionalText(L.copy, M.copyTooLong),
  hashtags: z.array(hashtag, { error: M.hashtags }).max(L.hashtags, M.hashtags).default([]),
  assigneeId: z.string().min(1).max(100).nullish(),
  publishedUrl: webAddressSchema(L.url, M.url),
});
export type PieceCreateInput = z.input<typeof pieceCreateSchema>;

/** Any subset of a piece's fields (moving on the calendar is `{ scheduledAt }`). */
export const pieceUpdateSchema = patchBody(pieceCreateSchema
  .omit({ format: true, status: true, hashtags: true })
  .extend({
    format: z.enum(PIECE_FORMATS, { error: M.format }),
    status: z.enum(PIECE_STATUSES, { error: M.status }),
    hashtags: z.array(hashtag, { error: M.hashtags }).max(L.hashtags, M.hashtags),
  })
  .partial());
export type PieceUpdateInput = z.input<typeof pieceUpdateSchema>;

const csv = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(z.array(z.enum(values, { error: message })));

/**
 * The pieces' list (query string): by client, campaign, channels, statuses, a date range (the
 * calendar; at most `calendarRangeDays`) or a search, newest first by cursor otherwise.
 */
export const pieceListQuerySchema = z.object({
  clientId: z.uuid({ error: M.clientNotFound }).optional(),
  campaignId: z.uuid({ error: M.campaignNotFound }).optional(),
  channel: csv(MARKETING_CHANNELS, M.channel),
  status: csv(PIECE_STATUSES, M.status),
  from: z.iso.datetime({ offset: true, error: M.date }).optional(),
  to: z.iso.datetime({ offset: true, error: M.date }).optional(),
  /** Only pieces without a date (ideas waiting for the calendar). */
  unscheduled: z
    .enum(['1', 'true'])
    .optional()
    .transform((v) => !!v),
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(L.maxPageSize).default(L.pageSize),
});
export type PieceListQuery = z.input<typeof pieceListQuerySchema>;
export type PieceListFilter = z.output<typeof pieceListQuerySchema>;

export const pieceViewSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  title: z.string(),
  channel: z.enum(MARKETING_CHANNELS),
  format: z.enum(PIECE_FORMATS),
  status: z.enum(PIECE_STATUSES),
  scheduledAt: z.string().nullable(),
  brief: z.string().nullable(),
  copy: z.string().nullable(),
  hashtags: z.array(z.string()),
  assigneeId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  publishedUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PieceView = z.infer<typeof pieceViewSchema>;
export const pieceListSchema = z.object({ pieces: z.array(pieceViewSchema), nextCursor: z.string().nullable() });
export type PieceList = z.infer<typeof pieceListSchema>;
