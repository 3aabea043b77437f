const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' });

export const when = (iso: string) => dateTime.format(new Date(iso));
export const day = (iso: string) => date.format(new Date(iso));
/** "Remoto" or "Híbrido · Campinas/SP". */
export const placeOf = (o: { workplace: string; city: string | null; uf: string | null }) =>
  o.workplace === 'remoto' ? 'Remoto' : `${o.workplace === 'hibrido' ? 'Híbrido' : 'Presencial'} · ${[o.city, o.uf].filter(Boolean).join('/')}`;
