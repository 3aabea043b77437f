/** TanStack Query keys of RH's recruiting. */
export const recruitingKeys = {
  all: ['rh-recruiting'] as const,
  openings: ['rh-recruiting', 'openings'] as const,
  opening: (id: string) => ['rh-recruiting', 'openings', 'one', id] as const,
  candidates: (openingId: string) => ['rh-recruiting', 'openings', 'one', openingId, 'candidates'] as const,
  candidateAnalyses: (candidateId: string) => ['rh-recruiting', 'candidates', candidateId, 'analyses'] as const,
  interviews: ['rh-recruiting', 'interviews'] as const,
  interview: (id: string) => ['rh-recruiting', 'interviews', 'one', id] as const,
  interviewAnalyses: (id: string) => ['rh-recruiting', 'interviews', 'one', id, 'analyses'] as const,
  settings: ['rh-recruiting', 'settings'] as const,
};
