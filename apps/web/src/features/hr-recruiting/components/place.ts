/** "Remoto" or "Híbrido · Campinas/SP". */
export const placeOf = (o: { workplace: string; city: string | null; uf: string | null }) =>
  o.workplace === 'remoto' ? 'Remoto' : `${o.workplace === 'hibrido' ? 'Híbrido' : 'Presencial'} · ${[o.city, o.uf].filter(Boolean).join('/')}`;
