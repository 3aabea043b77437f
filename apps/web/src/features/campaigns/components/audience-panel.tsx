import type { UseQueryResult } from '@tanstack/react-query';
import { count } from '@sede/shared/format';
import { EXCLUSION_LABELS, type AudiencePreview, type ExclusionReason } from '@sede/shared/campaigns/schemas';
import { Panel } from './panel.tsx';

/** Who the saved audience reaches: how many of its contacts, and why the others are left out. */
export function AudiencePanel({ chosen, audience, whatsapp }: { chosen: boolean; audience: UseQueryResult<AudiencePreview>; whatsapp: boolean }) {
  const excluded = audience.data ? (Object.entries(audience.data.excluded) as Array<[ExclusionReason, number]>).filter(([, n]) => n > 0) : [];
  return (
    <Panel title="Público" className="gap-2">
      {!chosen ? (
        <p className="text-sm text-slate-600">Escolha uma lista ou um segmento e salve para ver quem vai receber.</p>
      ) : audience.isPending ? (
        <p className="text-sm text-slate-600">Calculando…</p>
      ) : audience.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {audience.error.message}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-800" data-testid="audience-summary">
            <strong>{count(audience.data.eligible)}</strong> de {count(audience.data.total)} contato(s) vão receber.
          </p>
          {excluded.length > 0 && (
            <ul className="list-disc pl-5 text-sm text-slate-600" aria-label="Excluídos">
              {excluded.map(([k, n]) => (
                <li key={k}>
                  {count(n)} {EXCLUSION_LABELS[k]}
                </li>
              ))}
            </ul>
          )}
          <p className="text-xs text-slate-500">
            {whatsapp
              ? 'Só recebem contatos com telefone, base legal (LGPD), sem descadastro do WhatsApp e fora da lista de supressão.'
              : 'Só recebem contatos com e-mail, base legal (LGPD), sem descadastro e fora da lista de supressão.'}
          </p>
        </>
      )}
    </Panel>
  );
}
