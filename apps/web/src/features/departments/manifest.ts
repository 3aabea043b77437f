import type { FeatureManifest } from '../../lib/feature.ts';

/**
 * The department areas before their contents exist: one placeholder page each. When an area
 * gets its own feature folder, its routes and nav entry move to that folder's manifest.
 */
const comercial = () => import('./pages/comercial-tools-page.tsx');
const marketing = () => import('./pages/marketing-page.tsx');
const rh = () => import('./pages/rh-page.tsx');
const projetos = () => import('./pages/projetos-page.tsx');
const documentacao = () => import('./pages/documentacao-page.tsx');
const tool = () => import('./pages/tool-page.tsx');

export default {
  routes: [
    // The commercial tools every signed-in member may open (the registry's memberTools).
    { path: '/deep-search', title: 'Pesquisa aprofundada', access: 'signed-in', layout: 'shell', page: tool },
    { path: '/extrair-leads', title: 'Extrair leads', access: 'signed-in', layout: 'shell', page: tool },
    { path: '/atendimento', title: 'Atendimento', access: 'signed-in', layout: 'shell', page: tool },
    { path: '/atendimento-simples', title: 'Atendimento simples', access: 'signed-in', layout: 'shell', page: tool },
    { path: '/documentacoes-geral', title: 'Documentação', access: 'signed-in', layout: 'shell', page: documentacao },
    { path: '/documentacoes', title: 'Documentos', access: 'signed-in', layout: 'shell', page: documentacao },
    { path: '/document-editor/:documentId', title: 'Editor de documento', access: 'signed-in', layout: 'shell', page: documentacao },
    { path: '/document-creator/:documentId', title: 'Novo documento', access: 'signed-in', layout: 'shell', page: documentacao },
    { path: '/canvas-workspace', title: 'Canvas', access: 'signed-in', layout: 'shell', page: documentacao },

    { path: '/analise-reunioes', title: 'Análise de reuniões', access: ['comercial'], layout: 'shell', page: comercial },
    { path: '/analise-reunioes/:id', title: 'Análise de reunião', access: ['comercial'], layout: 'shell', page: comercial },
    { path: '/marketing', title: 'Marketing', access: ['marketing'], layout: 'shell', page: marketing },
    { path: '/marketing/calendario', title: 'Calendário de marketing', access: ['marketing'], layout: 'shell', page: marketing },
    { path: '/marketing/criativos', title: 'Criativos', access: ['marketing'], layout: 'shell', page: marketing },
    { path: '/marketing/materiais', title: 'Materiais', access: ['marketing'], layout: 'shell', page: marketing },
    { path: '/marketing/empresa/:id', title: 'Empresa cliente', access: ['marketing'], layout: 'shell', page: marketing },
    { path: '/marketing/empresa/:id/opcoes', title: 'Opções da empresa cliente', access: ['marketing'], layout: 'shell', page: marketing },
    { path: '/marketing/projetos-concluidos', title: 'Projetos concluídos', access: ['marketing'], layout: 'shell', page: marketing },
    { path: '/rh', title: 'Recursos Humanos', access: ['rh'], layout: 'shell', page: rh },
    { path: '/rh/analise-entrevistas', title: 'Análise de entrevistas', access: ['rh'], layout: 'shell', page: rh },
    { path: '/rh/analise-entrevistas/:id', title: 'Análise de entrevista', access: ['rh'], layout: 'shell', page: rh },
    { path: '/rh/analise-curriculos', title: 'Análise de currículos', access: ['rh'], layout: 'shell', page: rh },
    { path: '/rh/analise-curriculos/:id', title: 'Análise de currículo', access: ['rh'], layout: 'shell', page: rh },
    { path: '/gestao-projetos', title: 'Projetos', access: ['gestao_projetos'], layout: 'shell', page: projetos },
    { path: '/projeto-kanban/:projectId', title: 'Kanban do projeto', access: ['gestao_projetos'], layout: 'shell', page: projetos },
    { path: '/kanban-dashboard/:projectId', title: 'Painel do projeto', access: ['gestao_projetos'], layout: 'shell', page: projetos },
    { path: '/documentacao-projeto/:projectId', title: 'Documentação do projeto', access: ['gestao_projetos'], layout: 'shell', page: projetos },
  ],
  nav: ['comercial', 'marketing', 'financeiro', 'rh', 'juridico', 'projetos', 'documentacao'],
} satisfies FeatureManifest;
