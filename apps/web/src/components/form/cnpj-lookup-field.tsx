import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { CNPJ_MESSAGES, isValidCnpj, normalizeCnpjInput } from '@sede/shared/cnpj-format';
import { ApiError } from '../../lib/api-client.ts';
import { fetchCnpjRecord } from '../../lib/cnpj-lookup.ts';
import { sharedKeys } from '../../lib/keys.ts';
import { Label } from '../ui/label.tsx';
import { CNPJ_MASK, MaskedInput } from './masked-input.tsx';

/** What is wrong with a typed CNPJ (empty is fine: the field is optional), else null. */
export function cnpjProblem(value: string): string | null {
  const cnpj = normalizeCnpjInput(value);
  if (!cnpj) return null;
  if (cnpj.length !== 14) return `${CNPJ_MESSAGES.length}.`;
  return isValidCnpj(cnpj) ? null : `${CNPJ_MESSAGES.invalid}: confira os números.`;
}

/**
 * A CNPJ typed with its mask and checked as it is typed (@brazilian-utils' check digits, the
 * alphanumeric CNPJ included); once valid, the company is looked up as company setup does
 * (GET /api/cnpj/:cnpj) and its name shown, so a typo is seen before saving.
 */
export function CnpjLookupField({ label, hint, value, onValueChange }: { label: string; hint?: string; value: string; onValueChange: (v: string) => void }) {
  const id = useId();
  const [blurred, setBlurred] = useState(false);
  const cnpj = normalizeCnpjInput(value);
  const problem = cnpjProblem(value);
  // While typing, a short CNPJ is not an error yet; a complete one with wrong digits is.
  const error = problem && (cnpj.length >= 14 || blurred) ? problem : null;
  const lookup = useQuery({
    queryKey: sharedKeys.cnpj(cnpj),
    queryFn: () => fetchCnpjRecord(cnpj),
    enabled: cnpj.length === 14 && !problem,
    retry: false,
    staleTime: 10 * 60_000,
  });
  const found = !problem && cnpj.length === 14 ? lookup.data : undefined;
  const place = [found?.municipio, found?.uf].filter(Boolean).join('/');

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <MaskedInput
        id={id}
        mask={CNPJ_MASK}
        value={value}
        onValueChange={(v) => {
          onValueChange(v);
          if (!normalizeCnpjInput(v)) setBlurred(false);
        }}
        onBlur={() => setBlurred(true)}
        inputMode="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="00.000.000/0000-00"
        className="font-mono"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-status`}
      />
      <div id={`${id}-status`} aria-live="polite" className="text-sm" data-testid="cnpj-status">
        {error ? (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        ) : found ? (
          <p className="flex items-start gap-1.5 text-emerald-900">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              <span className="font-medium">{found.razao_social}</span>
              {found.nome_fantasia && found.nome_fantasia !== found.razao_social ? ` (${found.nome_fantasia})` : ''}
              {place ? ` · ${place}` : ''}
              {found.situacao && !/^ativa$/i.test(found.situacao) ? ` · situação: ${found.situacao.toLowerCase()}` : ''}
            </span>
          </p>
        ) : lookup.isFetching && !problem ? (
          <p className="flex items-center gap-1.5 text-slate-600">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Buscando a empresa…
          </p>
        ) : lookup.isError && !problem ? (
          <p className="text-amber-800">{`${lookup.error instanceof ApiError ? lookup.error.message.replace(/[.!]?$/, '.') : 'Não foi possível buscar a empresa agora.'} Confira o CNPJ.`}</p>
        ) : hint ? (
          <p className="text-xs text-slate-600">{hint}</p>
        ) : null}
      </div>
    </div>
  );
}
