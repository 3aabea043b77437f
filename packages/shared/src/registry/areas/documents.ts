import { defineArea } from '../area.ts';

/** Documentação (spec §2): the company's documents and the canvas workspace, open to every member. */
export default defineArea({
  key: 'documents',
  order: 160,
  kind: 'department',
  title: 'Documentação',
  description: 'Documentos da empresa e espaço de trabalho em canvas.',
  path: '/documentacoes-geral',
  icon: 'FileText',
  actions: ['read', 'write', 'delete', 'ai'],
  // Drafting a document from a brief (ai.document_draft, decision 0284) is open with the documents.
  grants: { members: ['read', 'write', 'ai'], withoutMembership: ['read', 'write', 'ai'] },
  guards: [{ key: 'documentacao', flag: 'canAccessDocumentacao', action: 'read' }],
  onboardingAreas: [],
});
