import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { marketingPieces } from './marketing.ts';

/**
 * A version of a creative (decision 0330): its copy, hashtags and the piece's files it
 * shows (ids of platform files attached to the piece). A new version never changes an old one;
 * restoring one is a new version with its content.
 */
export const marketingPieceVersions = pgTable(
  'marketing_piece_versions',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    pieceId: uuid('piece_id')
      .notNull()
      .references(() => marketingPieces.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per piece. */
    number: integer('number').notNull(),
    copy: text('copy').notNull().default(''),
    hashtags: text('hashtags').array().notNull().default(sql`'{}'::text[]`),
    /** Platform files of the piece (entity 'marketing_piece') shown in this version, in order. */
    fileIds: uuid('file_ids').array().notNull().default(sql`'{}'::uuid[]`),
    note: text('note'),
    /** 'manual', 'ia' (a variant of the AI copy picked), 'restauracao'. */
    source: text('source').notNull().default('manual'),
    restoredFrom: integer('restored_from'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('marketing_piece_versions_piece_number_key').on(t.pieceId, t.number), companyIndex('marketing_piece_versions', t.pieceId, t.number)(t)],
);

/**
 * A link that lets the client approve a piece without an account (decision 0331): only the
 * SHA-256 of its random token is kept; it expires, may be revoked and takes one decision.
 */
export const marketingApprovalLinks = pgTable(
  'marketing_approval_links',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    pieceId: uuid('piece_id')
      .notNull()
      .references(() => marketingPieces.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('marketing_approval_links_token_hash_key').on(t.tokenHash), companyIndex('marketing_approval_links', t.pieceId, t.createdAt)(t)],
);

/**
 * A decision on a piece (decision 0332): internal (a member, `actor_id`) or by the client through
 * a link (`link_id`, the name they typed; no address or IP is kept).
 */
export const marketingPieceApprovals = pgTable(
  'marketing_piece_approvals',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    pieceId: uuid('piece_id')
      .notNull()
      .references(() => marketingPieces.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id').references(() => marketingPieceVersions.id, { onDelete: 'set null' }),
    versionNumber: integer('version_number'),
    /** 'aprovado' or 'alteracoes' (changes requested). */
    decision: text('decision').notNull(),
    comment: text('comment'),
    /** 'interno' or 'cliente'. */
    source: text('source').notNull(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    reviewerName: text('reviewer_name'),
    linkId: uuid('link_id').references(() => marketingApprovalLinks.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('marketing_piece_approvals', t.pieceId, t.createdAt)(t)],
);
