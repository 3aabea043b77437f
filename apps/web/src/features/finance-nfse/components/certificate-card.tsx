import { useQueryClient } from '@tanstack/react-query';
import { cnpj, dateTime } from '@sede/shared/format';
import { CERTIFICATE_ALERT_DAYS, CERTIFICATE_MESSAGES, type CompanyCertificateInfo } from '@sede/shared/platform/certificates';
import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { PasswordInput } from '../../../components/form/password-input.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { DefinitionList } from '../../../components/ui/definition-list.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-actions.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { removeCertificate, uploadCertificate, useCertificate } from '../api/certificate.ts';
import { nfseKeys } from '../api/keys.ts';
import { FilePickerField } from '../../../components/form/file-picker-field.tsx';

function validity(c: CompanyCertificateInfo) {
  if (c.daysLeft < 0) return <Badge tone="bg-red-100 text-red-900">Vencido</Badge>;
  if (c.daysLeft <= CERTIFICATE_ALERT_DAYS) return <Badge tone="bg-amber-100 text-amber-900">Vence em {c.daysLeft} {c.daysLeft === 1 ? 'dia' : 'dias'}</Badge>;
  return <Badge tone="bg-emerald-100 text-emerald-900">Válido</Badge>;
}

/** The company's A1 certificate: what is there (subject, CNPJ, issuer, validity) and sending a new PFX. */
export function CertificateCard({ mayWrite }: { mayWrite: boolean }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { data, isLoading } = useCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const cert = data?.certificate ?? null;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!file) return setError(CERTIFICATE_MESSAGES.fileMissing);
    if (!password) return setError(CERTIFICATE_MESSAGES.passwordMissing);
    setPending(true);
    setError(null);
    try {
      await uploadCertificate(file, password);
      toast.success('Certificado enviado.');
      setPassword('');
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: nfseKeys.certificate });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível enviar o certificado.');
    } finally {
      setPending(false);
    }
  };
  const remove = async () => {
    if (!(await confirm.ask({ title: 'Remover o certificado?', description: 'Sem certificado a empresa não emite notas fiscais.', confirmLabel: 'Remover', destructive: true }))) return;
    await removeCertificate();
    toast.success('Certificado removido.');
    await queryClient.invalidateQueries({ queryKey: nfseKeys.certificate });
  };

  return (
    <Card>
      {confirm.dialog}
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden className="size-5 text-slate-500" /> Certificado digital A1
        </CardTitle>
        <CardDescription>O e-CNPJ da empresa (arquivo .pfx ou .p12) assina as notas fiscais. Ele fica guardado criptografado; avisamos {CERTIFICATE_ALERT_DAYS} dias antes de vencer.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isLoading ? (
          <Spinner label="Carregando…" />
        ) : cert ? (
          <DefinitionList
            items={[
              { label: 'Situação', value: validity(cert) },
              { label: 'Titular', value: cert.subject },
              { label: 'CNPJ', value: cnpj(cert.cnpj) },
              { label: 'Emitido por', value: cert.issuer },
              { label: 'Validade', value: `${dateTime(cert.notBefore)} até ${dateTime(cert.notAfter)}` },
              { label: 'Enviado em', value: dateTime(cert.uploadedAt) },
            ]}
          />
        ) : (
          <p className="text-sm text-slate-600">Nenhum certificado enviado.</p>
        )}
        {mayWrite && (
          <form onSubmit={submit} className="grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate>
            <FilePickerField label={cert ? 'Novo certificado (.pfx)' : 'Arquivo do certificado (.pfx)'} accept=".pfx,.p12,application/x-pkcs12" file={file} onChange={setFile} />
            <Field label="Senha do certificado">
              <PasswordInput value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="off" />
            </Field>
            <Button type="submit" pending={pending}>
              Enviar certificado
            </Button>
            <div className="sm:col-span-3">
              <FormError error={error} />
            </div>
          </form>
        )}
        {mayWrite && cert && (
          <div>
            <Button variant="ghost" size="sm" onClick={remove}>
              Remover certificado
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
