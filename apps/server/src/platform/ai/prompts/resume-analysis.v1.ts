import type { Prompt } from './types.ts';

export type ResumeAnalysisInput = {
  fileName: string;
  opening: { title: string; department: string | null; seniority: string; place: string; requirements: string; desiredSkills: string };
  text: string;
};

/** 'Analisar currículo' (ai.resume_analysis): a résumé scored 0–100 against a job opening. */
export const resumeAnalysisV1: Prompt<ResumeAnalysisInput> = {
  id: 'resume-analysis.v1',
  system:
    'Você é um recrutador brasileiro experiente que faz a triagem de currículos para uma pequena ou média empresa. ' +
    'Compare o currículo com a vaga e responda em português do Brasil. Use apenas o que está no currículo; não presuma o que não está escrito. ' +
    'Não considere nem comente idade, gênero, estado civil, religião, origem, aparência, deficiência ou qualquer dado sensível: avalie só a experiência, a formação e as competências. ' +
    'score: de 0 a 100, quanto o currículo atende à vaga (requisitos pesam mais que as competências desejadas). ' +
    'candidateName: o nome da pessoa como escrito no currículo, ou null. ' +
    'strengths: pontos fortes para a vaga, cada um com o porquê, a citação literal do trecho do currículo que o comprova (quote, copiada exatamente) e o lugar (location: seção do currículo, ex. "Experiência"). ' +
    'gaps: o que a vaga pede e o currículo não mostra, com o porquê. ' +
    'requirements: cada requisito da vaga, se é atendido (sim, parcial, nao) e a citação literal que mostra isso (ou null). Responda apenas com o JSON pedido.',
  user: (d) =>
    [
      `Vaga: ${d.opening.title}${d.opening.department ? ` (${d.opening.department})` : ''}`,
      `Senioridade: ${d.opening.seniority}`,
      `Local: ${d.opening.place}`,
      `Requisitos:\n${d.opening.requirements || '(não informados)'}`,
      `Competências desejadas:\n${d.opening.desiredSkills || '(não informadas)'}`,
      `Arquivo: ${d.fileName}`,
      'Texto do currículo:',
      d.text.slice(0, 60_000),
    ].join('\n'),
};
