import { useQueryClient } from '@tanstack/react-query';
import { NFSE_ENVIRONMENT_LABELS, NFSE_ENVIRONMENTS, NFSE_REGIME_LABELS, NFSE_REGIMES, type NfseEnvironment, type NfseRegime, type NfseSettings } from '@sede/shared/finance/nfse';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-actions.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { nfseKeys } from '../api/keys.ts';
import { saveNfseSettings } from '../api/settings.ts';

type ServiceRow = { code: string; description: string; issRate: string };

/** '2,5' → 2.5; '' → null; anything else NaN (the API says what is wrong). */
const decimal = (v: string) => (v.trim() === '' ? null : Number(v.replace(/\./g, '').replace(',', '.')));
const shown = (v: number | null) => (v === null ? '' : String(v).replace('.', ','));

/** The company's NFS-e settings: environment, municipality, registration, regime, services (cTribNac + ISS) and IBS/CBS. */
export function SettingsForm({ settings, mayWrite }: { settings: NfseSettings | null; mayWrite: boolean }) {
  const queryClient = useQueryClient();
  const [environment, setEnvironment] = useState<NfseEnvironment>('restricted');
  const [municipalityCode, setMunicipalityCode] = useState('');
  const [registration, setRegistration] = useState('');
  const [regime, setRegime] = useState<NfseRegime>('simples');
  const [serie, setSerie] = useState('1');
  const [services, setServices] = useState<ServiceRow[]>([{ code: '', description: '', issRate: '' }]);
  const [cst, setCst] = useState('');
  const [classification, setClassification] = useState('');
  const [ibsRate, setIbsRate] = useState('');
  const [cbsRate, setCbsRate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!settings) return;
    setEnvironment(settings.environment);
    setMunicipalityCode(settings.municipalityCode);
    setRegistration(settings.municipalRegistration ?? '');
    setRegime(settings.regime);
    setSerie(settings.serie);
    setServices(settings.services.map((s) => ({ code: s.code, description: s.description, issRate: shown(s.issRate) })));
    setCst(settings.ibsCbsCst ?? '');
    setClassification(settings.ibsCbsClassification ?? '');
    setIbsRate(shown(settings.ibsRate));
    setCbsRate(shown(settings.cbsRate));
  }, [settings]);

  const setService = (i: number, patch: Partial<ServiceRow>) => setServices((list) => list.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      await saveNfseSettings({
        environment,
        municipalityCode: municipalityCode.trim(),
        municipalRegistration: registration.trim() || null,
        regime,
        serie: serie.trim(),
        services: services.map((s) => ({ code: s.code.trim(), description: s.description, issRate: decimal(s.issRate) ?? Number.NaN })),
        ibsCbsCst: cst.trim() || null,
        ibsCbsClassification: classification.trim() || null,
        ibsRate: decimal(ibsRate),
        cbsRate: decimal(cbsRate),
      });
      toast.success('Configurações da nota fiscal salvas.');
      await queryClient.invalidateQueries({ queryKey: nfseKeys.settings });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível salvar.');
    } finally {
      setPending(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>NFS-e Nacional</CardTitle>
        <CardDescription>Os dados com que a empresa emite a nota fiscal de serviço no padrão nacional, direto das contas a receber.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <fieldset disabled={!mayWrite} className="grid items-start gap-4 sm:grid-cols-2">
            <Field label="Ambiente" hint={environment === 'restricted' ? 'Notas de teste, sem valor fiscal.' : 'Notas reais, com valor fiscal.'}>
              <select className={inputClass} value={environment} onChange={(e) => setEnvironment(e.target.value as NfseEnvironment)}>
                {NFSE_ENVIRONMENTS.map((v) => (
                  <option key={v} value={v}>{NFSE_ENVIRONMENT_LABELS[v]}</option>
                ))}
              </select>
            </Field>
            <Field label="Regime tributário">
              <select className={inputClass} value={regime} onChange={(e) => setRegime(e.target.value as NfseRegime)}>
                {NFSE_REGIMES.map((v) => (
                  <option key={v} value={v}>{NFSE_REGIME_LABELS[v]}</option>
                ))}
              </select>
            </Field>
            <Field label="Município (código IBGE)" hint="7 dígitos, como 3550308 (São Paulo).">
              <Input value={municipalityCode} onChange={(e) => setMunicipalityCode(e.target.value)} inputMode="numeric" maxLength={7} />
            </Field>
            <Field label="Inscrição municipal">
              <Input value={registration} onChange={(e) => setRegistration(e.target.value)} maxLength={15} />
            </Field>
            <Field label="Série da DPS">
              <Input value={serie} onChange={(e) => setSerie(e.target.value)} inputMode="numeric" maxLength={5} />
            </Field>
          </fieldset>

          <fieldset disabled={!mayWrite} className="grid gap-3">
            <legend className="mb-2 text-sm font-semibold text-slate-900">Serviços (lista nacional)</legend>
            {services.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their code may be blank
              <div key={i} className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[8rem_1fr_7rem_auto] sm:items-end">
                <Field label="Código (cTribNac)">
                  <Input value={s.code} onChange={(e) => setService(i, { code: e.target.value })} inputMode="numeric" maxLength={6} placeholder="010101" />
                </Field>
                <Field label="Descrição">
                  <Input value={s.description} onChange={(e) => setService(i, { description: e.target.value })} maxLength={200} />
                </Field>
                <Field label="ISS (%)">
                  <Input value={s.issRate} onChange={(e) => setService(i, { issRate: e.target.value })} inputMode="decimal" placeholder="2,00" />
                </Field>
                <Button type="button" variant="ghost" size="icon" aria-label={`Remover o serviço ${s.code || i + 1}`} onClick={() => setServices((list) => list.filter((_, j) => j !== i))} disabled={services.length === 1}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
            ))}
            <div>
              <Button type="button" variant="secondary" size="sm" onClick={() => setServices((list) => [...list, { code: '', description: '', issRate: '' }])}>
                <Plus aria-hidden /> Adicionar serviço
              </Button>
            </div>
          </fieldset>

          <fieldset disabled={!mayWrite} className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <legend className="mb-2 text-sm font-semibold text-slate-900">IBS e CBS (reforma tributária)</legend>
            <Field label="CST">
              <Input value={cst} onChange={(e) => setCst(e.target.value)} inputMode="numeric" maxLength={3} placeholder="000" />
            </Field>
            <Field label="Classificação (cClassTrib)">
              <Input value={classification} onChange={(e) => setClassification(e.target.value)} inputMode="numeric" maxLength={6} placeholder="000001" />
            </Field>
            <Field label="Alíquota IBS (%)">
              <Input value={ibsRate} onChange={(e) => setIbsRate(e.target.value)} inputMode="decimal" placeholder="0,1" />
            </Field>
            <Field label="Alíquota CBS (%)">
              <Input value={cbsRate} onChange={(e) => setCbsRate(e.target.value)} inputMode="decimal" placeholder="0,9" />
            </Field>
          </fieldset>

          <FormError error={error} />
          {mayWrite && (
            <div className="flex justify-end">
              <Button type="submit" pending={pending}>
                Salvar configurações
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
