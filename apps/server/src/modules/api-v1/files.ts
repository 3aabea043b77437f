import type { Hono } from 'hono';
import { z } from 'zod';
import { FILE_KIND_KEYS, FILE_MESSAGES as M, fileInfoSchema, fileLinkBodySchema, fileLinkResponseSchema, fileListQuerySchema } from '@sede/shared/platform/files';
import type { ApiKeyEnv } from '../../http/api-key.ts';
import { contract, idParams } from '../../http/contract.ts';
import { closeAfterRefusal } from '../../http/security.ts';
import type { Services } from '../../services.ts';
import { okFlagSchema } from '@sede/shared/platform/api';
import { createLink, deleteFile, listFiles, loadFile, toFileInfo, uploadFile } from '../files/public.ts';
import { keyViewer, tenant, type V1Access } from './access.ts';
import { API_ENTITY_TYPES, checkEntityType, checkHeldBy, ENTITY_READ_PERMISSIONS, ENTITY_TYPES_TEXT, ENTITY_WRITE_PERMISSIONS } from './entities.ts';
import { fileFromForm } from './upload.ts';

const entityType = z.enum(API_ENTITY_TYPES, { error: `entityType inválido: use ${ENTITY_TYPES_TEXT}.` }).describe(`O tipo do registro: ${ENTITY_TYPES_TEXT}.`);
const { entityId } = fileListQuerySchema.shape;
const listFilesQuery = z.object({ entityType, entityId: entityId.describe('O id do registro.') });
const uploadQuery = listFilesQuery.extend({
  kind: z.enum(FILE_KIND_KEYS, { error: 'kind inválido: use image, document, audio ou video.' }).optional().describe('image, document, audio ou video; omitido, o conteúdo decide.'),
  name: z.string().max(255, 'Nome do arquivo longo demais.').optional().describe('O nome do arquivo, quando a parte do formulário não traz um.'),
});
const fileId = idParams(M.notFound);
const PERMS = ENTITY_READ_PERMISSIONS;
const WRITE_PERMS = ENTITY_WRITE_PERMISSIONS;

/**
 * Files of deals, quotes, projects and receivables or payables (decision 0647): the upload with the
 * app's limits and type check, the list of a record's files, a signed link to download one, deletion.
 */
export function fileRoutes(r: Hono<ApiKeyEnv>, s: Services, { read, write }: V1Access) {
  r.post(
    '/files',
    ...write(...WRITE_PERMS),
    closeAfterRefusal,
    contract({
      summary: 'Enviar arquivo',
      description: 'Formulário multipart/form-data com o arquivo no campo `file`. Limites por tipo: imagem 20 MB, documento 50 MB, áudio 200 MB, vídeo 500 MB; o tipo é lido do conteúdo e executáveis são recusados (413 acima do limite).',
      query: uploadQuery,
      bodyMedia: 'multipart/form-data',
      response: fileInfoSchema,
      status: 201,
    }),
    async (c) => {
      const q = c.req.valid('query');
      checkEntityType(c, q.entityType, 'write');
      const viewer = keyViewer(c);
      const { name, body } = await fileFromForm(c);
      const row = await uploadFile(s, tenant(c), viewer, { entityType: q.entityType, entityId: q.entityId, kind: q.kind ?? FILE_KIND_KEYS, name, body });
      return c.json(toFileInfo(row, viewer), 201);
    },
  );
  r.get('/files', ...read(...PERMS), contract({ summary: 'Listar arquivos de um registro', description: 'Do mais recente ao mais antigo (até 500).', query: listFilesQuery, response: z.object({ data: z.array(fileInfoSchema) }) }), async (c) => {
    const q = c.req.valid('query');
    checkEntityType(c, q.entityType, 'read');
    const viewer = keyViewer(c);
    const rows = await listFiles(s, tenant(c), viewer, q.entityType, q.entityId);
    return c.json({ data: rows.map((row) => toFileInfo(row, viewer)) });
  });
  r.get('/files/:id', ...read(...PERMS), contract({ summary: 'Ver arquivo', params: fileId, response: fileInfoSchema }), async (c) => {
    const viewer = keyViewer(c);
    const row = await loadFile(s, tenant(c), viewer, c.req.valid('param').id);
    checkHeldBy(c, row.entityType, 'read', M.notFound);
    return c.json(toFileInfo(row, viewer));
  });
  r.post(
    '/files/:id/links',
    ...write(...PERMS),
    contract({ summary: 'Criar link assinado de download', description: 'Um endereço que baixa o arquivo sem chave até `expiresAt` (`hours`: 1 a 720, 72 por padrão). Registrado no log de atividades.', params: fileId, body: fileLinkBodySchema, response: fileLinkResponseSchema, status: 201 }),
    async (c) => {
      const { id } = c.req.valid('param');
      checkHeldBy(c, (await loadFile(s, tenant(c), keyViewer(c), id)).entityType, 'read', M.notFound);
      return c.json(await createLink(s, tenant(c), keyViewer(c), id, c.req.valid('json').hours), 201);
    },
  );
  r.delete('/files/:id', ...write(...WRITE_PERMS), contract({ summary: 'Excluir arquivo', description: 'Como no app: quem enviou o arquivo ou um administrador (aqui, quem criou a chave); a chave precisa poder alterar o registro do arquivo. Os links assinados deixam de funcionar.', params: fileId, response: okFlagSchema }), async (c) => {
    const { id } = c.req.valid('param');
    const viewer = keyViewer(c);
    checkHeldBy(c, (await loadFile(s, tenant(c), viewer, id)).entityType, 'write', M.notFound);
    await deleteFile(s, tenant(c), viewer, id);
    return c.json({ ok: true as const });
  });
}
