import { Readable } from 'node:stream';
import Busboy from 'busboy';
import type { Context } from 'hono';
import { fileNameSchema } from '@sede/shared/platform/files';
import { AppError, badRequest, parseWith } from '../../http/errors.ts';

const NOT_MULTIPART = 'Envie o arquivo como multipart/form-data, no campo file.';
const NO_FILE = 'Nenhum arquivo no campo file do formulário (multipart/form-data).';

/** The JSON Schema of the upload form, for the document (the handler reads the body itself). */
export const UPLOAD_FORM_SCHEMA = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'O arquivo. O nome vem do nome do arquivo na parte (ou de `?name=`).' } },
} as const;

/**
 * The one `file` part of a multipart/form-data body, streamed as it arrives (never buffered): its
 * name and its bytes, which the files module stores with the kind's limits and type sniffing
 * (decision 0647). Other fields and parts are skipped.
 */
export function fileFromForm(c: Context): Promise<{ name: string; body: ReadableStream<Uint8Array> }> {
  const type = c.req.header('content-type') ?? '';
  const raw = c.req.raw.body;
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_MULTIPART);
  if (!raw) throw badRequest(NO_FILE, 'FILE_REQUIRED');
  let form: Busboy.Busboy;
  try {
    form = Busboy({ headers: { 'content-type': type }, defParamCharset: 'utf8', limits: { files: 1, fields: 20, fieldSize: 4096, parts: 25 } });
  } catch {
    throw badRequest(NOT_MULTIPART, 'MULTIPART_INVALID');
  }
  return new Promise((resolve, reject) => {
    let found = false;
    form.on('file', (field, stream, info) => {
      if (field !== 'file' || found) {
        stream.resume();
        return;
      }
      found = true;
      try {
        const name = parseWith(fileNameSchema, info.filename || c.req.query('name'));
        resolve({ name, body: Readable.toWeb(stream) as ReadableStream<Uint8Array> });
      } catch (e) {
        stream.resume();
        reject(e);
      }
    });
    form.on('error', () => {
      if (!found) reject(badRequest('Formulário multipart inválido ou incompleto.', 'MULTIPART_INVALID'));
    });
    form.on('close', () => {
      if (!found) reject(badRequest(NO_FILE, 'FILE_REQUIRED'));
    });
    Readable.fromWeb(raw as never).pipe(form);
  });
}
