import type { FeatureManifest } from '../../lib/feature.ts';

const list = () => import('./pages/documents-page.tsx');

/** Documentation (decisions 0281–0282): the company's documents, the editor and the templates. */
export default {
  area: 'documents',
  routes: [
    { path: '/documentacoes-geral', title: 'Documentação', access: 'signed-in', layout: 'shell', page: list },
    { path: '/documentacoes', title: 'Documentos', access: 'signed-in', layout: 'shell', page: list },
    { path: '/document-editor/:documentId', title: 'Editor de documento', access: 'signed-in', layout: 'shell', page: () => import('./pages/document-editor-page.tsx') },
    { path: '/document-creator/:documentId', title: 'Novo documento', access: 'signed-in', layout: 'shell', page: () => import('./pages/document-creator-page.tsx') },
    { path: '/documentacao-projeto/:projectId', title: 'Documentação do projeto', access: ['gestao_projetos'], layout: 'shell', page: () => import('./pages/project-documentation-page.tsx') },
  ],
} satisfies FeatureManifest;
