import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { CompanySummary } from '@sede/shared/platform/ai';
import { newRequestId, PaidActionButton } from '../../../components/paid-action/paid-action-button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { requestCompanySummary } from '../api/company-summary.ts';

/** 'Resumo da empresa': the first paid AI action (ai.company_summary), on /empresa-perfil. */
export function CompanySummaryCard() {
  const { company } = useAuth();
  const [summary, setSummary] = useState<CompanySummary | null>(null);
  return (
    <Card data-testid="company-summary">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-5" aria-hidden /> Resumo da empresa com IA
        </CardTitle>
        <CardDescription>Um resumo curto da empresa e oportunidades de automação, a partir dos dados cadastrais.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <PaidActionButton
          action="ai.company_summary"
          verb="Gerar resumo"
          balance={company?.currency_amount}
          run={async () => {
            const r = await requestCompanySummary(newRequestId());
            setSummary(r.summary);
            return r;
          }}
        />
        {summary && (
          <div className="grid gap-2 text-sm" aria-live="polite">
            <p>{summary.resumo}</p>
            {summary.oportunidades.length > 0 && (
              <ul className="list-disc pl-5 text-slate-700">
                {summary.oportunidades.map((o) => (
                  <li key={o}>{o}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
