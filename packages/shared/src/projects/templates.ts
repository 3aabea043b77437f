import type { Template } from './schemas.ts';

/** The standard columns of a blank project; the last one is the "done" column (decision 0271). */
export const DEFAULT_COLUMNS = ['A fazer', 'Em andamento', 'Em revisão', 'Concluído'] as const;

/** Built-in templates (decision 0271): their columns (the last is "done") and starting tasks. */
export const PROJECT_TEMPLATES: readonly Template[] = [
  {
    key: 'implantacao-cliente',
    name: 'Implantação de cliente',
    description: 'Do contrato assinado ao cliente usando o produto: kickoff, configuração, treinamento e acompanhamento.',
    columns: ['A fazer', 'Em andamento', 'Aguardando cliente', 'Concluído'],
    tasks: [
      { title: 'Reunião de kickoff com o cliente', priority: 'alta' },
      { title: 'Levantar requisitos e dados de acesso', priority: 'alta' },
      { title: 'Configurar o ambiente do cliente', priority: 'media' },
      { title: 'Importar os dados iniciais', priority: 'media' },
      { title: 'Treinar a equipe do cliente', priority: 'media' },
      { title: 'Validar a entrega com o cliente', priority: 'alta' },
      { title: 'Acompanhamento de 30 dias', priority: 'baixa' },
    ],
  },
  {
    key: 'campanha-marketing',
    name: 'Campanha de marketing',
    description: 'Planejamento, criação, aprovação, veiculação e análise de uma campanha.',
    columns: ['Planejamento', 'Criação', 'Aprovação', 'Veiculação', 'Concluído'],
    tasks: [
      { title: 'Definir objetivo, público e orçamento', priority: 'alta' },
      { title: 'Escrever o briefing criativo', priority: 'media' },
      { title: 'Produzir as peças', priority: 'media' },
      { title: 'Aprovar as peças com o cliente', priority: 'alta' },
      { title: 'Publicar nos canais', priority: 'media' },
      { title: 'Relatório de resultados', priority: 'baixa' },
    ],
  },
  {
    key: 'desenvolvimento-software',
    name: 'Desenvolvimento de software',
    description: 'Backlog, desenvolvimento, revisão de código, testes e entrega.',
    columns: ['Backlog', 'A fazer', 'Em desenvolvimento', 'Em revisão', 'Testes', 'Concluído'],
    tasks: [
      { title: 'Escrever as histórias de usuário', priority: 'alta' },
      { title: 'Definir a arquitetura', priority: 'alta' },
      { title: 'Configurar o repositório e a integração contínua', priority: 'media' },
      { title: 'Implementar a primeira funcionalidade', priority: 'media' },
      { title: 'Escrever os testes automatizados', priority: 'media' },
      { title: 'Publicar em produção', priority: 'urgente' },
    ],
  },
];

export const templateByKey = (key: string): Template | undefined => PROJECT_TEMPLATES.find((t) => t.key === key);
