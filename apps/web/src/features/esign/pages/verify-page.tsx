import { CheckCircle2, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SIGNER_ROLE_LABELS, type VerificationView } from '@sede/shared/esign/schemas';
import { dateTime } from '@sede/shared/format';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FocusCard } from '../../../components/ui/focus-card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { sha256Of, useVerification } from '../api/verify.ts';

/**
 * /verificar[/:code] — anyone checks a signed document (decision 0554): by the code on its
 * certificate page, or by choosing the PDF (hashed in this browser; the file is not sent).
 */
export default function VerifyPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(code);
  const [hash, setHash] = useState<string | null>(null);
  const byCode = useVerification('code', hash ? null : code || null);
  const byFile = useVerification('sha256', hash);
  const result = hash ? byFile : byCode;
  const asked = Boolean(hash || code);
  return (
    <FocusCard wide>
      <div className="grid gap-5">
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold text-slate-900">Verificar documento assinado</h1>
          <p className="text-sm text-slate-700">Digite o código do certificado de conclusão ou escolha o PDF assinado.</p>
        </div>
        <form
          className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            setHash(null);
            if (typed.trim()) void navigate(`/verificar/${encodeURIComponent(typed.trim().toUpperCase())}`);
          }}
        >
          <Field label="Código de verificação">
            <Input value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="XXXX-XXXX-XX" autoCapitalize="characters" maxLength={40} />
          </Field>
          <Button type="submit">Verificar</Button>
        </form>
        <Field label="Ou escolha o PDF assinado" hint="O arquivo não sai do seu aparelho: só a impressão digital (SHA-256) é conferida.">
          <Input type="file" accept="application/pdf,.pdf" onChange={async (e) => { const f = e.target.files?.[0]; if (f) setHash(await sha256Of(f)); }} />
        </Field>
        {asked && (result.isPending ? <p role="status" className="text-sm text-slate-700">Verificando…</p> : result.isError ? <NotFound error={result.error} /> : <Verified v={result.data} />)}
      </div>
    </FocusCard>
  );
}

function NotFound({ error }: { error: Error }) {
  return (
    <section role="alert" className="grid gap-1 rounded-xl border border-red-200 bg-red-50 p-4 text-red-950" data-testid="verification">
      <p className="flex items-center gap-2 font-semibold">
        <ShieldAlert className="size-5" aria-hidden /> Documento não confirmado
      </p>
      <p className="text-sm">{error instanceof ApiError && error.status === 404 ? `${error.message} Se o arquivo foi alterado depois de assinado, ele não confere mais.` : 'Não foi possível verificar agora. Tente de novo.'}</p>
    </section>
  );
}

function Verified({ v }: { v: VerificationView }) {
  return (
    <section role="status" className={`grid gap-3 rounded-xl border p-4 ${v.intact ? 'border-emerald-200 bg-emerald-50 text-emerald-950' : 'border-red-200 bg-red-50 text-red-950'}`} data-testid="verification">
      <p className="flex items-center gap-2 text-lg font-semibold">
        {v.intact ? <CheckCircle2 className="size-5" aria-hidden /> : <ShieldAlert className="size-5" aria-hidden />}
        {v.intact ? 'Documento íntegro' : 'O arquivo guardado não confere com o selado'}
      </p>
      <dl className="grid gap-1 text-sm">
        <div><dt className="inline font-medium">Documento: </dt><dd className="inline break-words">{v.title}</dd></div>
        <div><dt className="inline font-medium">Enviado por: </dt><dd className="inline">{v.companyName}</dd></div>
        <div><dt className="inline font-medium">Concluído em: </dt><dd className="inline">{dateTime(v.completedAt)}</dd></div>
        <div><dt className="inline font-medium">Código: </dt><dd className="inline font-mono">{v.code}</dd></div>
      </dl>
      <div className="grid gap-1">
        <h2 className="text-sm font-semibold">Assinaturas</h2>
        <ul className="grid gap-1 text-sm">
          {v.signers.map((s) => (
            <li key={`${s.name}-${s.signedAt}`}>{`${s.name} (${SIGNER_ROLE_LABELS[s.role].toLowerCase()}) em ${dateTime(s.signedAt)}`}</li>
          ))}
        </ul>
      </div>
      <p className="break-all text-xs opacity-80">{`SHA-256: ${v.sha256}`}</p>
    </section>
  );
}
