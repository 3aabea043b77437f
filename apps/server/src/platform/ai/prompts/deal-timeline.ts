/** What the CRM prompts read about a deal: its record and its timeline (stages, activities, comments). */
export type DealTimelineInput = {
  titulo: string;
  valor: string;
  situacao: string;
  etapa: string;
  funil: string;
  origem: string | null;
  organizacao: string | null;
  contato: string | null;
  previsaoFechamento: string | null;
  criadoEm: string;
  hoje: string;
  etapas: string[];
  atividades: string[];
  comentarios: string[];
  orcamentos: string[];
};

export const dealTimelineText = (d: DealTimelineInput) =>
  [
    `Negócio: ${d.titulo}`,
    `Valor: ${d.valor} · Situação: ${d.situacao} · Funil: ${d.funil} · Etapa atual: ${d.etapa}`,
    `Organização: ${d.organizacao ?? '—'} · Contato: ${d.contato ?? '—'} · Origem: ${d.origem ?? '—'}`,
    `Criado em ${d.criadoEm}; previsão de fechamento: ${d.previsaoFechamento ?? '—'}; hoje: ${d.hoje}`,
    `Histórico de etapas (mais antigo primeiro):\n${d.etapas.join('\n') || '—'}`,
    `Atividades:\n${d.atividades.join('\n') || '—'}`,
    `Comentários da equipe:\n${d.comentarios.join('\n') || '—'}`,
    `Orçamentos:\n${d.orcamentos.join('\n') || '—'}`,
  ].join('\n\n');
