import { Download, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { CLOSURE_GRACE_DAYS, EXPORT_TTL_DAYS, normalizeCompanyName } from '@sede/shared/platform/company-data';
import { dayOf } from '@sede/shared/format';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useCancelClosure, useCompanyClosure, useRequestClosure } from '../api/company-closure.ts';
import { useCompanyExport, useStartCompanyExport } from '../api/company-export.ts';
import { JobProgress } from '../../../components/jobs/job-progress.tsx';

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('pt-BR')} KB` : `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

function ExportSection() {
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartCompanyExport();
  const job = useCompanyExport(jobId);
  const running = Boolean(jobId) && (!job.data || job.data.status === 'running');

  const onExport = () =>
    start.mutate(undefined, {
      onSuccess: ({ jobId: id }) => setJobId(id),
      onError: (e) => toast.error(e.message),
    });

  return (
    <section aria-labelledby="company-export-title" className="grid gap-3">
      <h3 id="company-export-title" className="text-base font-semibold text-slate-900">
        Exportar todos os dados
      </h3>
      <p className="text-sm text-slate-600">
        Um arquivo ZIP com tudo o que a empresa tem no Sede: membros, convites, registro de atividades, pagamentos, moedas, pessoas, organizações e os arquivos enviados, em CSV e JSON. O
        link fica disponível por {EXPORT_TTL_DAYS} dias.
      </p>
      {jobId && job.data ? (
        job.data.status === 'failed' ? (
          <p role="alert" className="text-sm text-red-700">
            {job.data.message ?? 'A exportação falhou. Tente novamente.'}
          </p>
        ) : job.data.status === 'done' ? (
          <p className="text-sm font-medium text-green-800">Exportação pronta.</p>
        ) : (
          <JobProgress jobId={jobId} title="Progresso da exportação" onFinished={() => void job.refetch()} />
        )
      ) : null}
      {job.data?.status === 'done' && job.data.downloadUrl ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button asChild>
            <a href={job.data.downloadUrl} download data-testid="company-export-download">
              <Download aria-hidden />
              Baixar ZIP{job.data.size ? ` (${fileSize(job.data.size)})` : ''}
            </a>
          </Button>
          {job.data.expiresAt ? <span className="text-xs text-slate-600">Disponível até {dayOf(job.data.expiresAt)}</span> : null}
        </div>
      ) : (
        <div>
          <Button variant="secondary" onClick={onExport} pending={start.isPending || running} disabled={running}>
            {running ? 'Exportando…' : 'Exportar todos os dados'}
          </Button>
        </div>
      )}
    </section>
  );
}

function ClosureSection({ companyName }: { companyName: string }) {
  const closure = useCompanyClosure();
  const request = useRequestClosure();
  const cancel = useCancelClosure();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const matches = normalizeCompanyName(typed) === normalizeCompanyName(companyName);

  const onConfirm = () =>
    request.mutate(typed, {
      onSuccess: () => {
        setOpen(false);
        setTyped('');
        toast.success('Encerramento da conta solicitado.');
      },
    });
  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => toast.success('Encerramento cancelado. Nada será apagado.'),
      onError: (e) => toast.error(e.message),
    });

  const eraseAfter = closure.data?.eraseAfter;
  return (
    <section aria-labelledby="company-closure-title" className="grid gap-3 rounded-lg border border-red-200 bg-red-50/60 p-4">
      <h3 id="company-closure-title" className="flex items-center gap-2 text-base font-semibold text-red-800">
        <TriangleAlert className="size-4" aria-hidden />
        Encerrar conta da empresa
      </h3>
      {eraseAfter ? (
        <>
          <p className="text-sm text-slate-800" data-testid="company-closure-scheduled">
            A conta será encerrada em <strong>{dayOf(eraseAfter)}</strong>. Nessa data, todos os dados da empresa serão apagados definitivamente. Até lá, os membros continuam com
            acesso e você pode baixar os dados acima.
          </p>
          <div>
            <Button variant="secondary" onClick={onCancel} pending={cancel.isPending}>
              Cancelar encerramento
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            A conta fica {CLOSURE_GRACE_DAYS} dias em encerramento, e pode ser cancelada nesse período. Depois, a empresa, seus membros, pessoas, organizações, arquivos, pagamentos e moedas
            são apagados definitivamente. As contas pessoais dos membros continuam existindo.
          </p>
          <div>
            <Button variant="destructive" onClick={() => setOpen(true)} disabled={closure.isPending}>
              Encerrar conta da empresa
            </Button>
          </div>
        </>
      )}
      <Dialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) {
            setTyped('');
            request.reset();
          }
        }}
        title="Encerrar conta da empresa?"
        description={`Todos os dados serão apagados em ${CLOSURE_GRACE_DAYS} dias. Para confirmar, digite o nome da empresa: ${companyName}`}
      >
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (matches) onConfirm();
          }}
        >
          <Field label="Nome da empresa" error={request.error?.message}>
            <Input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" placeholder={companyName} />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Voltar
            </Button>
            <Button type="submit" variant="destructive" disabled={!matches} pending={request.isPending}>
              Encerrar conta
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}

/** "Todos os dados da empresa" on /empresa-perfil (admins): export everything, close the account (decisions 0135, 0136). */
export function CompanyDataCard({ companyName }: { companyName: string }) {
  return (
    <Card data-testid="company-data" id="dados-da-empresa">
      <CardHeader>
        <CardTitle>Todos os dados da empresa</CardTitle>
        <CardDescription>Baixe tudo o que a empresa guarda no Sede ou encerre a conta.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ExportSection />
        <ClosureSection companyName={companyName} />
      </CardContent>
    </Card>
  );
}
