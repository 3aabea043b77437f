import type { DocContent, DocNode } from '@sede/shared/documents/schemas';

const text = (t: string): DocNode => ({ type: 'text', text: t });
const p = (t = ''): DocNode => (t ? { type: 'paragraph', content: [text(t)] } : { type: 'paragraph' });
const h = (level: 1 | 2 | 3, t: string): DocNode => ({ type: 'heading', attrs: { level }, content: [text(t)] });
const ul = (...items: string[]): DocNode => ({ type: 'bulletList', content: items.map((i) => ({ type: 'listItem', content: [p(i)] })) });
const ol = (...items: string[]): DocNode => ({ type: 'orderedList', attrs: { start: 1 }, content: items.map((i) => ({ type: 'listItem', content: [p(i)] })) });
const cell = (type: 'tableHeader' | 'tableCell', t: string): DocNode => ({ type, attrs: { colspan: 1, rowspan: 1, colwidth: null }, content: [p(t)] });
const table = (head: string[], ...rows: string[][]): DocNode => ({
  type: 'table',
  content: [
    { type: 'tableRow', content: head.map((c) => cell('tableHeader', c)) },
    ...rows.map((r) => ({ type: 'tableRow', content: r.map((c) => cell('tableCell', c)) })),
  ],
});
const doc = (...content: DocNode[]): DocContent => ({ type: 'doc', content });

export type DocumentTemplate = { key: string; title: string; description: string; content: DocContent };

/** The creator's templates (decision 0282): a start that already has the sections a Brazilian SME expects. */
export const TEMPLATES: DocumentTemplate[] = [
  {
    key: 'proposta',
    title: 'Proposta comercial',
    description: 'Apresentação, escopo, investimento, prazos e condições.',
    content: doc(
      h(1, 'Proposta comercial'),
      p('Cliente: [nome da empresa] · Data: [dd/mm/aaaa] · Validade: 15 dias'),
      h(2, '1. Apresentação'),
      p('Conte quem somos e por que somos a escolha certa para este projeto.'),
      h(2, '2. Escopo'),
      ul('Entrega 1', 'Entrega 2', 'Entrega 3'),
      h(2, '3. Investimento'),
      table(['Item', 'Quantidade', 'Valor'], ['[Serviço]', '1', 'R$ 0,00'], ['Total', '', 'R$ 0,00']),
      h(2, '4. Prazos'),
      p('Início em até [n] dias úteis após o aceite; entrega em [n] semanas.'),
      h(2, '5. Condições'),
      ul('Pagamento: [à vista / parcelado]', 'Reajuste: IPCA a cada 12 meses', 'Foro: comarca de [cidade/UF]'),
    ),
  },
  {
    key: 'ata',
    title: 'Ata de reunião',
    description: 'Participantes, pauta, decisões e próximos passos.',
    content: doc(
      h(1, 'Ata de reunião'),
      p('Data: [dd/mm/aaaa] · Horário: [hh:mm] · Local: [sala ou link]'),
      h(2, 'Participantes'),
      ul('[Nome] — [função]'),
      h(2, 'Pauta'),
      ol('[Assunto]'),
      h(2, 'Decisões'),
      ul('[O que foi decidido]'),
      h(2, 'Próximos passos'),
      table(['Ação', 'Responsável', 'Prazo'], ['[Ação]', '[Nome]', '[dd/mm]']),
    ),
  },
  {
    key: 'pop',
    title: 'Procedimento operacional padrão (POP)',
    description: 'Objetivo, responsáveis, materiais e o passo a passo.',
    content: doc(
      h(1, 'POP — [nome do procedimento]'),
      p('Código: POP-000 · Versão: 1 · Área: [área] · Aprovado por: [nome]'),
      h(2, 'Objetivo'),
      p('Para que serve este procedimento.'),
      h(2, 'Responsáveis'),
      ul('Executa: [função]', 'Confere: [função]'),
      h(2, 'Materiais'),
      ul('[Material ou sistema]'),
      h(2, 'Passo a passo'),
      ol('[Primeiro passo]', '[Segundo passo]', '[Terceiro passo]'),
      h(2, 'Cuidados e registros'),
      p('O que não pode dar errado e onde registrar a execução.'),
    ),
  },
  {
    key: 'politica',
    title: 'Política interna',
    description: 'Finalidade, abrangência, regras, responsabilidades e vigência.',
    content: doc(
      h(1, 'Política de [tema]'),
      h(2, '1. Finalidade'),
      p('Por que esta política existe.'),
      h(2, '2. Abrangência'),
      p('A quem se aplica: colaboradores, estagiários, prestadores de serviço.'),
      h(2, '3. Regras'),
      ol('[Regra]', '[Regra]'),
      h(2, '4. Responsabilidades'),
      ul('Gestores: [responsabilidade]', 'Colaboradores: [responsabilidade]'),
      h(2, '5. Vigência'),
      p('Esta política vale a partir de [dd/mm/aaaa] e será revista anualmente.'),
    ),
  },
  { key: 'branco', title: 'Documento em branco', description: 'Comece do zero.', content: doc(p()) },
];
