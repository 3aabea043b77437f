import type { LeadRow } from '@sede/shared/prospecting/leads';

/** A lead's phones and e-mail, one a line: masked until the company revealed them (decision 0205). */
export function LeadContacts({ lead }: { lead: LeadRow | undefined }) {
  if (!lead) return <span className="text-slate-500">…</span>;
  if (!lead.temContato) return <span className="text-slate-600">Sem contato</span>;
  return (
    <span className={`grid gap-0.5 ${lead.revelado ? 'text-slate-900' : 'text-slate-600'}`}>
      {[...lead.telefones, lead.email].filter(Boolean).map((v) => (
        <span key={v} className="[overflow-wrap:anywhere]">{v}</span>
      ))}
      {lead.revelado ? null : <span className="sr-only">(oculto até revelar)</span>}
    </span>
  );
}
