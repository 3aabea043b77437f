/** What an analysis read, as the person would say it ('do PDF de 3 páginas', 'da gravação de 12 min'). */
export type AnalysisSource = { format: string; pages?: number | null; durationSeconds?: number | null };

const minutes = (s: number) => {
  const m = Math.max(1, Math.round(s / 60));
  return m >= 60 ? `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}` : `${m} min`;
};

export function analysisOrigin({ format, pages, durationSeconds }: AnalysisSource): string {
  switch (format) {
    case 'pdf':
      return pages ? `do PDF de ${pages} ${pages === 1 ? 'página' : 'páginas'}` : 'do PDF';
    case 'docx':
      return 'do documento do Word';
    case 'txt':
      return 'do arquivo de texto';
    case 'vtt':
    case 'srt':
      return 'da transcrição enviada';
    case 'audio':
      return durationSeconds ? `da gravação de ${minutes(durationSeconds)}` : 'da gravação';
    default:
      return 'do arquivo enviado';
  }
}

/** 'Análise feita pela IA a partir do PDF de 3 páginas.' — the prompt's version stays in the stored result, off the screen. */
export const analysisSourceSentence = (source: AnalysisSource) => `Análise feita pela IA a partir ${analysisOrigin(source)}.`;

/** A file whose text the analyses read: PDF with text, DOCX or TXT. */
export const isReadableDocument = (mime: string) => /pdf|wordprocessingml|text\/plain/.test(mime);
