import { describe, expect, it } from 'vitest';
import { analysisSourceSentence } from './analysis-source.ts';

describe('analysisSourceSentence', () => {
  it('says what was read as a person would, never the prompt id nor the format code', () => {
    expect(analysisSourceSentence({ format: 'pdf', pages: 3 })).toBe('Análise feita pela IA a partir do PDF de 3 páginas.');
    expect(analysisSourceSentence({ format: 'pdf', pages: 1 })).toBe('Análise feita pela IA a partir do PDF de 1 página.');
    expect(analysisSourceSentence({ format: 'docx', pages: null })).toBe('Análise feita pela IA a partir do documento do Word.');
    expect(analysisSourceSentence({ format: 'audio', durationSeconds: 745 })).toBe('Análise feita pela IA a partir da gravação de 12 min.');
    expect(analysisSourceSentence({ format: 'audio', durationSeconds: 5400 })).toBe('Análise feita pela IA a partir da gravação de 1 h 30 min.');
    expect(analysisSourceSentence({ format: 'vtt' })).toBe('Análise feita pela IA a partir da transcrição enviada.');
    expect(analysisSourceSentence({ format: 'txt' })).toBe('Análise feita pela IA a partir do arquivo de texto.');
  });
});
