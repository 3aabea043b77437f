import { useState } from 'react';
import { CHANNEL_LABELS, MARKETING_CHANNELS, MARKETING_LIMITS as L, PIECE_FORMAT_LABELS, PIECE_FORMATS, type MarketingChannel, type PieceFormat } from '@sede/shared/marketing/constants';
import type { ClientSummary } from '@sede/shared/marketing/clients';
import type { PieceView } from '@sede/shared/marketing/pieces';
import { Button } from '../../../../components/ui/button.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { inputClass } from '../../../../components/ui/input.tsx';
import { ScrollDialog } from '../../../../components/ui/scroll-dialog.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { createPiece } from '../../api/pieces.ts';

/**
 * 'Novo criativo': the few fields a creative starts with (client, title, channel, format, brief).
 * The calendar's full piece form covers dates and the rest (decision 0334).
 */
export function NewCreativeDialog({ open, onOpenChange, clients, defaultClientId, onCreated }: { open: boolean; onOpenChange: (o: boolean) => void; clients: ClientSummary[]; defaultClientId?: string; onCreated: (p: PieceView) => void }) {
  const active = clients.filter((c) => !c.archived);
  const [clientId, setClientId] = useState(defaultClientId ?? active[0]?.id ?? '');
  const [title, setTitle] = useState('');
  const [channel, setChannel] = useState<MarketingChannel>('instagram');
  const [format, setFormat] = useState<PieceFormat>('post');
  const [brief, setBrief] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      const piece = await createPiece({ clientId: clientId || active[0]?.id || '', title, channel, format, brief: brief || null, status: 'producao' });
      setTitle('');
      setBrief('');
      onCreated(piece);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível criar o criativo.');
    } finally {
      setPending(false);
    }
  }

  return (
    <ScrollDialog open={open} onOpenChange={onOpenChange} title="Novo criativo" description="Comece pelo essencial; o texto pode ser escrito depois ou com a IA.">
      <form className="grid gap-4" onSubmit={submit}>
        <Field label="Empresa cliente">
          <select className={inputClass} value={clientId || active[0]?.id || ''} onChange={(e) => setClientId(e.target.value)}>
            {active.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Título">
          <input className={inputClass} value={title} maxLength={L.title} onChange={(e) => setTitle(e.target.value)} required placeholder="Ex.: Post de lançamento do cardápio de verão" />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Canal">
            <select className={inputClass} value={channel} onChange={(e) => setChannel(e.target.value as MarketingChannel)}>
              {MARKETING_CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {CHANNEL_LABELS[c]}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Formato">
            <select className={inputClass} value={format} onChange={(e) => setFormat(e.target.value as PieceFormat)}>
              {PIECE_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {PIECE_FORMAT_LABELS[f]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field label="Briefing" hint="O que a peça deve dizer e para quem. A IA escreve o texto a partir dele.">
          <textarea className={`${inputClass} h-24`} value={brief} maxLength={L.brief} onChange={(e) => setBrief(e.target.value)} />
        </Field>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="submit" pending={pending}>
            Criar criativo
          </Button>
        </div>
      </form>
    </ScrollDialog>
  );
}
