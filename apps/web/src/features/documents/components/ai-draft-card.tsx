import { DRAFT_LIMITS } from '@sede/shared/documents/schemas';
import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { PaidActionButton } from '../../../components/paid-action/paid-action-button.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { draftDocument } from '../api/draft-document.ts';

/** 'Escrever com IA': a brief becomes a first draft (ai.document_draft), price on the button. */
export function AiDraftCard({
  documentId,
  folderId,
  projectId,
  template,
  onCreated,
}: { documentId: string; folderId: string | null; projectId: string | null; template: string | null; onCreated: () => void }) {
  const { company } = useAuth();
  const [brief, setBrief] = useState('');
  const [requestId] = useState(() => crypto.randomUUID());
  const id = useId();
  const ready = brief.trim().length >= DRAFT_LIMITS.briefMin;
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-medium text-slate-900">
        <Sparkles className="size-4 text-[var(--color-accent)]" aria-hidden /> Escrever com IA
      </h2>
      <label htmlFor={id} className="text-sm text-slate-700">
        Conte o que o documento precisa dizer: para quem é, o assunto, os pontos principais. A IA escreve um rascunho para você revisar.
      </label>
      <textarea
        id={id}
        className={`${inputClass} h-28`}
        maxLength={DRAFT_LIMITS.briefMax}
        value={brief}
        onChange={(e) => setBrief(e.target.value)}
        placeholder="Ex.: Política de home office para 12 pessoas, até 2 dias por semana, com reuniões presenciais às segundas."
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-slate-600">{ready ? `${brief.trim().length} caracteres` : `Escreva pelo menos ${DRAFT_LIMITS.briefMin} caracteres.`}</span>
        {ready && (
          <PaidActionButton
            action="ai.document_draft"
            balance={company?.currency_amount}
            successMessage="Rascunho criado. Revise e ajuste o texto."
            run={async () => {
              const r = await draftDocument({ id: documentId, requestId, brief: brief.trim(), template, folderId, projectId });
              return { charged: r.charged, balance: r.balance ?? company?.currency_amount ?? 0 };
            }}
            onDone={onCreated}
          />
        )}
      </div>
    </section>
  );
}
