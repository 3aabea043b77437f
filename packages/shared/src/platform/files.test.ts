import { describe, expect, it } from 'vitest';
import { FILE_KINDS, FILE_MESSAGES, fileLinkBodySchema, fileNameSchema, fileUploadQuerySchema, formatFileSize } from './files.ts';

describe('file kinds and schemas', () => {
  it('limits per kind', () => {
    expect(FILE_KINDS.image.maxBytes).toBe(20 * 1024 * 1024);
    expect(FILE_KINDS.document.maxBytes).toBe(50 * 1024 * 1024);
    expect(FILE_KINDS.audio.maxBytes).toBe(200 * 1024 * 1024);
    expect(FILE_KINDS.video.maxBytes).toBe(500 * 1024 * 1024);
    expect(FILE_MESSAGES.tooLarge('video')).toBe('O arquivo passa do limite de 500 MB para vídeo.');
  });

  it('names keep the last path segment, refuse control characters and empty names', () => {
    expect(fileNameSchema.parse('C:\\Users\\ana\\Relatório final.pdf')).toBe('Relatório final.pdf');
    expect(fileNameSchema.parse('../../etc/passwd')).toBe('passwd');
    expect(fileNameSchema.safeParse('a\u0000b.pdf').success).toBe(false);
    expect(fileNameSchema.safeParse('   ').success).toBe(false);
    expect(fileNameSchema.safeParse('x'.repeat(201)).success).toBe(false);
  });

  it('upload query: entity type and id formats, kind', () => {
    expect(fileUploadQuerySchema.safeParse({ entityType: 'deal', entityId: 'abc-1', kind: 'image' }).success).toBe(true);
    expect(fileUploadQuerySchema.safeParse({ entityType: 'Deal; drop', entityId: 'abc', kind: 'image' }).success).toBe(false);
    expect(fileUploadQuerySchema.safeParse({ entityType: 'deal', entityId: 'a/b', kind: 'image' }).success).toBe(false);
    expect(fileUploadQuerySchema.safeParse({ entityType: 'deal', entityId: 'a', kind: 'exe' }).success).toBe(false);
  });

  it('links: 72 hours by default, 1 hour to 30 days', () => {
    expect(fileLinkBodySchema.parse({})).toEqual({ hours: 72 });
    expect(fileLinkBodySchema.safeParse({ hours: 0 }).success).toBe(false);
    expect(fileLinkBodySchema.safeParse({ hours: 721 }).success).toBe(false);
    expect(fileLinkBodySchema.parse({ hours: 720 })).toEqual({ hours: 720 });
  });

  it('sizes in Portuguese', () => {
    expect(formatFileSize(12)).toBe('12 bytes');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1,5 MB');
  });
});
