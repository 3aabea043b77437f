import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ShieldAlert, XCircle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { AnalysisStatus } from '@sede/shared/analysis/schemas';
import { coinsLabel, priceOf } from '@sede/shared/platform/prices';
import { RESUME_LGPD_NOTICE } from '@sede/shared/recruiting/schemas';
import { precheck, uploadFile } from '../../../components/files/files-api.ts';
import { PaidActionButton } from '../../../components/paid-action/paid-action-button.tsx';
import { useAiKey } from '../../../lib/ai-key.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { createCandidate } from '../api/create-candidate.ts';
import { deleteCandidate } from '../api/delete-candidate.ts';
import { recruitingKeys } from '../api/keys.ts';
import { useCandidates } from '../api/list-candidates.ts';
import { startResumeAnalysis } from '../api/start-resume-analysis.ts';

/** A file sent: its candidate (whose analysis is followed live in the list), or why it was not sent. */
/** Where a sent résumé's analysis is, said of the analysis (feminine), not the stage label. */
const ANALYSIS_NOW: Record<AnalysisStatus, string> = {
  queued: 'A análise está na fila.',
  extracting: 'Lendo o currículo…',
  transcribing: 'Lendo o currículo…',
  analyzing: 'Analisando…',
  done: 'Análise pronta.',
  failed: 'A análise falhou; nenhuma moeda foi cobrada.',
};

type Outcome = { name: string; ok: boolean; message: string; candidateId?: string };
const ACCEPT = '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const baseName = (n: string) => n.replace(/\.[^.]+$/, '').replace(/[_-]+/g, ' ').trim().slice(0, 160) || 'Candidato';

/**
 * Many résumés at once (PDF, DOCX): each becomes a candidate of the opening with its file, analysed
 * as its own paid job. A file that cannot be sent or read leaves nothing behind: its candidate is
 * removed again (decision 0226).
 */
export function ResumeUpload({ openingId, disabled }: { openingId: string; disabled?: boolean }) {
  const { company } = useAuth();
  const ownKey = useAiKey();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const noticeId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  // The same list the page shows (refreshed live): each sent file says where its analysis is now, not where it was.
  const candidates = useCandidates(openingId, outcomes.some((o) => o.candidateId));
  const analysisOf = (id: string | undefined) => {
    const status = candidates.data?.candidates.find((c) => c.id === id)?.analysisStatus as AnalysisStatus | null | undefined;
    return status ? ` ${ANALYSIS_NOW[status]}` : '';
  };

  const sendOne = async (file: File): Promise<Outcome> => {
    const refused = precheck(file, 'document');
    if (refused) return { name: file.name, ok: false, message: refused };
    const candidate = await createCandidate(openingId, { name: baseName(file.name), nameFromFile: true });
    try {
      const info = await uploadFile({ entityType: 'candidate', entityId: candidate.id, kind: 'document', file });
      await startResumeAnalysis(candidate.id, info.id);
      return { name: file.name, ok: true, message: 'Enviado.', candidateId: candidate.id };
    } catch (e) {
      // Nothing half-saved: the candidate (and the file, if it went) goes away again.
      await deleteCandidate(candidate.id).catch(() => {});
      return { name: file.name, ok: false, message: `${e instanceof ApiError ? e.message : 'Não foi possível enviar o arquivo.'} Nenhuma moeda foi cobrada.` };
    }
  };

  const run = async () => {
    const results: Outcome[] = [];
    for (const [i, file] of files.entries()) {
      setProgress(`Enviando ${i + 1} de ${files.length}: ${file.name}`);
      try {
        results.push(await sendOne(file));
      } catch (e) {
        results.push({ name: file.name, ok: false, message: e instanceof ApiError ? e.message : 'Não foi possível enviar o arquivo.' });
      }
      setOutcomes([...results]);
    }
    setProgress(null);
    setFiles([]);
    if (input.current) input.current.value = '';
    await queryClient.invalidateQueries({ queryKey: recruitingKeys.candidates(openingId) });
    await queryClient.invalidateQueries({ queryKey: recruitingKeys.openings });
    if (!results.some((r) => r.ok)) throw new ApiError(400, 'NONE_SENT', 'Nenhum currículo foi enviado.');
    return { charged: 0, balance: company?.currency_amount ?? 0 };
  };

  return (
    <div className="grid gap-3">
      <p id={noticeId} className="flex gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
        <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{RESUME_LGPD_NOTICE}</span>
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <label htmlFor="resume-files" className="text-sm font-medium">
            Currículos (PDF ou DOCX, vários de uma vez)
          </label>
          <input
            ref={input}
            id="resume-files"
            type="file"
            multiple
            accept={ACCEPT}
            disabled={disabled || progress !== null}
            aria-describedby={noticeId}
            onChange={(e) => {
              setFiles([...(e.target.files ?? [])]);
              setOutcomes([]);
            }}
            className="text-sm file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
        </div>
        {files.length > 0 ? (
          <PaidActionButton
            action="ai.resume_analysis"
            quantity={files.length}
            verb={files.length === 1 ? 'Analisar currículo' : `Analisar ${files.length} currículos`}
            balance={company?.currency_amount}
            successMessage="Currículos enviados. As moedas só são cobradas pelas análises que terminarem."
            run={run}
          />
        ) : (
          <p className="text-xs text-slate-600">
            {ownKey
              ? 'Com a sua chave de IA, as análises de currículo não gastam moedas.'
              : `Escolha os arquivos para ver o preço: ${coinsLabel(priceOf('ai.resume_analysis'))} por currículo, cobradas só pelas análises que terminarem.`}
          </p>
        )}
      </div>
      {progress && (
        <p role="status" className="text-sm text-slate-700">
          {progress}
        </p>
      )}
      {outcomes.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label="Resultado do envio">
          {outcomes.map((o) => (
            <li key={o.name} className={`flex items-start gap-2 ${o.ok ? 'text-emerald-900' : 'text-red-800'}`}>
              {o.ok ? <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden /> : <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden />}
              <span>
                <strong>{o.name}:</strong> {o.message}
                {o.ok && analysisOf(o.candidateId)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
