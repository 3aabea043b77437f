import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { recruitingKeys } from '../api/keys.ts';
import { updateSettings, useRecruitingSettings } from '../api/settings.ts';

const CHOICES = [3, 6, 12, 24];

/** LGPD: how long candidates' data is kept after their opening closes (decision 0227). */
export function RetentionCard() {
  const settings = useRecruitingSettings();
  const queryClient = useQueryClient();
  const [months, setMonths] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const current = settings.data?.retentionMonths;
  const value = months ?? current ?? 6;
  const choices = current && !CHOICES.includes(current) ? [...CHOICES, current].sort((a, b) => a - b) : CHOICES;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldCheck className="size-4 text-[var(--color-accent)]" aria-hidden /> Dados de candidatos (LGPD)
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="text-slate-700">
          Currículos, entrevistas e análises de uma vaga fechada são excluídos automaticamente depois do prazo de retenção. Você também pode excluir um candidato a qualquer momento.
        </p>
        <div className="flex flex-wrap items-end gap-2">
          <label className="grid gap-1 font-medium">
            Prazo de retenção depois que a vaga fecha
            <select className={`${inputClass} max-w-48`} value={value} onChange={(e) => setMonths(Number(e.target.value))} disabled={settings.isPending}>
              {choices.map((m) => (
                <option key={m} value={m}>
                  {m} meses
                </option>
              ))}
            </select>
          </label>
          <Button
            variant="secondary"
            pending={pending}
            disabled={months === null || months === current}
            onClick={async () => {
              setPending(true);
              try {
                await updateSettings(value);
                await queryClient.invalidateQueries({ queryKey: recruitingKeys.settings });
                setMonths(null);
                toast.success('Prazo de retenção salvo.');
              } catch (e) {
                toast.error(e instanceof ApiError ? e.message : 'Não foi possível salvar o prazo.');
              } finally {
                setPending(false);
              }
            }}
          >
            Salvar prazo
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
