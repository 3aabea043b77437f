import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MATERIAL_MESSAGES } from '@sede/shared/analysis/schemas';
import { locateQuote, readMaterial } from '../../src/platform/analysis/material.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/analysis/${name}`, import.meta.url)));
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const read = (name: string, mime: string) => readMaterial({ bytes: fixture(name), mime, name });

describe('reading the material of an analysis', () => {
  it('a PDF: the text layer, page by page', async () => {
    const m = await read('contrato.pdf', 'application/pdf');
    expect(m.format).toBe('pdf');
    expect(m.pages).toHaveLength(2);
    expect(m.pages![0]).toContain('multa de 50% do valor');
    expect(m.pages![1]).toContain('foro da comarca de Manaus');
    expect(m.text).toContain('CONTRATO DE PRESTAÇÃO DE SERVIÇOS');
    expect(locateQuote(m, 'Fica eleito o foro da comarca de Manaus')).toEqual({ found: true, page: 2 });
    expect(locateQuote(m, 'uma cláusula que não existe no texto')).toEqual({ found: false, page: null });
  });

  it('a scanned PDF (no text layer) is told so', async () => {
    await expect(read('digitalizado.pdf', 'application/pdf')).rejects.toMatchObject({ status: 400, code: 'MATERIAL_SCANNED', message: MATERIAL_MESSAGES.scanned });
  });

  it('a password-protected PDF is told so', async () => {
    await expect(read('protegido.pdf', 'application/pdf')).rejects.toMatchObject({ code: 'MATERIAL_PASSWORD', message: MATERIAL_MESSAGES.passwordProtected });
  });

  it('a broken PDF is told so', async () => {
    await expect(readMaterial({ bytes: new TextEncoder().encode('%PDF-1.4 quebrado'), mime: 'application/pdf', name: 'x.pdf' })).rejects.toMatchObject({ code: 'MATERIAL_UNREADABLE' });
  });

  it('a DOCX', async () => {
    const m = await read('contrato.docx', DOCX);
    expect(m.format).toBe('docx');
    expect(m.text).toContain('CONTRATO DE LOCAÇÃO COMERCIAL');
    expect(m.text).toContain('reajustado pelo IPCA');
  });

  it('a TXT in UTF-8 and in Windows-1252', async () => {
    expect((await read('contrato.txt', 'text/plain')).text).toContain('Cláusula 1ª. As partes cooperam');
    expect((await read('contrato-latin1.txt', 'text/plain')).text).toBe('Cláusula única: reajuste anual pelo INPC.');
  });

  it('an empty file, an audio (read only by an analysis, which transcribes it) and an unsupported type', async () => {
    await expect(read('vazio.txt', 'text/plain')).rejects.toMatchObject({ code: 'MATERIAL_EMPTY' });
    await expect(readMaterial({ bytes: new TextEncoder().encode('   \n '), mime: 'text/plain', name: 'a.txt' })).rejects.toMatchObject({ code: 'MATERIAL_EMPTY' });
    await expect(readMaterial({ bytes: new Uint8Array([1, 2, 3]), mime: 'audio/mpeg', name: 'a.mp3' })).rejects.toMatchObject({ code: 'MATERIAL_AUDIO_NOT_YET' });
    await expect(readMaterial({ bytes: new Uint8Array([1, 2, 3]), mime: 'image/png', name: 'a.png' })).rejects.toMatchObject({ code: 'MATERIAL_UNSUPPORTED' });
  });

  it('a WebVTT transcript keeps its speakers and times (one turn per speaker)', async () => {
    const m = await read('entrevista.vtt', 'text/plain');
    expect(m.format).toBe('vtt');
    expect(m.speakersInferred).toBe(false);
    expect(m.segments).toEqual([
      { speaker: 'Ana Souza', start: 1, end: 4, text: 'Bom dia, obrigada por vir.' },
      { speaker: 'Carlos Lima', start: 4.5, end: 12, text: 'Bom dia! Trabalhei cinco anos com vendas B2B. Liderei uma equipe de quatro pessoas.' },
    ]);
    expect(m.text).toBe('Ana Souza: Bom dia, obrigada por vir.\nCarlos Lima: Bom dia! Trabalhei cinco anos com vendas B2B. Liderei uma equipe de quatro pessoas.');
  });

  it('an SRT transcript with "Nome:" labels', async () => {
    const m = await read('reuniao.srt', 'text/plain');
    expect(m.format).toBe('srt');
    expect(m.segments!.map((s) => [s.speaker, s.start])).toEqual([
      ['Vendedora', 1],
      ['Cliente', 3.6],
    ]);
  });

  it('a TXT transcript with times and speakers; ordinary text stays text', async () => {
    const m = await read('reuniao.txt', 'text/plain');
    expect(m.segments!.map((s) => [s.speaker, s.start, s.text])).toEqual([
      ['Marina', 5, 'Vamos falar do orçamento.'],
      ['Pedro', 10, 'Temos R$ 20 mil para este trimestre.'],
      ['Marina', 20, 'Ótimo, envio a proposta amanhã.'],
    ]);
    expect((await read('contrato.txt', 'text/plain')).segments).toBeNull();
  });
});
