import { sql } from 'drizzle-orm';
import type { Tenant } from '../../services.ts';

type Db = Pick<Tenant['db'], 'execute'>;

/** Copies a document's title and text into its search row (decision 0287). */
export async function indexDocument(db: Db, id: string) {
  await db.execute(sql`
    INSERT INTO document_search (document_id, title, content_text)
    SELECT id, title, content_text FROM documents WHERE id = ${id}
    ON CONFLICT (document_id) DO UPDATE SET title = excluded.title, content_text = excluded.content_text
    WHERE document_search.title IS DISTINCT FROM excluded.title OR document_search.content_text IS DISTINCT FROM excluded.content_text`);
}

/** Documents without a search row (written before it existed): indexed once at start. */
export async function indexMissingDocuments(db: Db) {
  await db.execute(sql`
    INSERT INTO document_search (document_id, title, content_text)
    SELECT d.id, d.title, d.content_text FROM documents d
    WHERE NOT EXISTS (SELECT 1 FROM document_search s WHERE s.document_id = d.id)
    ON CONFLICT (document_id) DO NOTHING`);
}
