import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { brazilDateTime, dayInBrazil, timeInBrazil, DEFAULT_PIECE_TIME } from '@sede/shared/marketing/calendar';
import { CHANNEL_LABELS, MARKETING_CHANNELS, MARKETING_LIMITS as L, PIECE_FORMAT_LABELS, PIECE_FORMATS, PIECE_STATUS_LABELS, PIECE_STATUSES, type MarketingChannel, type PieceFormat, type PieceStatus } from '@sede/shared/marketing/constants';
import { pieceCreateSchema, type PieceCreateInput, type PieceView } from '@sede/shared/marketing/pieces';
import { mentionableQueryOptions } from '../../../../components/collaboration/collaboration-api.ts';
import { FormAlert } from '../../../../components/form/form-alert.tsx';
import { FormActions } from '../../../../components/ui/form-actions.tsx';
import { optionsOf } from '../../../../components/ui/filter-bar.tsx';
import { inputClass } from '../../../../components/ui/input.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { ScrollDialog } from '../../../../components/ui/scroll-dialog.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useClients } from '../../api/clients.ts';
import { marketingKeys } from '../../api/keys.ts';
import { useClientCampaigns } from '../../api/piece-form.ts';
import { createPiece, updatePiece } from '../../api/pieces.ts';
import { LabeledSelect, type SelectOption } from '../labeled-select.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The piece to edit; without it the dialog creates one. */
  piece?: PieceView;
  /** Initial values of a new piece (e.g. the calendar's day: `scheduledAt`, the filtered client). */
  defaults?: Partial<PieceCreateInput>;
  onSaved?: (piece: PieceView) => void;
};

type State = {
  clientId: string;
  campaignId: string;
  title: string;
  channel: MarketingChannel;
  format: PieceFormat;
  status: PieceStatus;
  date: string;
  time: string;
  assigneeId: string;
  brief: string;
  copy: string;
  hashtags: string;
};

function initial(piece: PieceView | undefined, d: Partial<PieceCreateInput> = {}): State {
  const at = piece ? piece.scheduledAt : (d.scheduledAt ?? null);
  return {
    clientId: piece?.clientId ?? d.clientId ?? '',
    campaignId: piece?.campaignId ?? d.campaignId ?? '',
    title: piece?.title ?? d.title ?? '',
    channel: piece?.channel ?? d.channel ?? 'instagram',
    format: piece?.format ?? d.format ?? 'post',
    status: piece?.status ?? d.status ?? 'ideia',
    date: at ? dayInBrazil(at) : '',
    time: at ? timeInBrazil(at) : DEFAULT_PIECE_TIME,
    assigneeId: piece?.assigneeId ?? d.assigneeId ?? '',
    brief: piece?.brief ?? d.brief ?? '',
    copy: piece?.copy ?? d.copy ?? '',
    hashtags: (piece?.hashtags ?? d.hashtags ?? []).map((h) => `#${h.replace(/^#+/, '')}`).join(' '),
  };
}

/**
 * Creates or edits a piece of content: client, campaign, title, channel, format,
 * status, date and time (America/Sao_Paulo), assignee, brief, copy and hashtags. Shared by the
 * calendar and the creatives.
 */
export function PieceFormDialog({ open, onOpenChange, piece, defaults, onSaved }: Props) {
  const id = useId();
  const qc = useQueryClient();
  const [v, setV] = useState<State>(() => initial(piece, defaults));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const clients = useClients();
  const people = useQuery({ ...mentionableQueryOptions(''), enabled: open });
  const campaigns = useClientCampaigns(v.clientId, open);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form restarts each time it opens or shows another piece (defaults are a fresh object on every render)
  useEffect(() => {
    if (open) {
      setV(initial(piece, defaults));
      setError(null);
    }
  }, [open, piece?.id]);
  useEffect(() => {
    if (open && !v.clientId && clients.data?.length) setV((s) => ({ ...s, clientId: clients.data.find((c) => !c.archived)?.id ?? '' }));
  }, [open, v.clientId, clients.data]);

  const set =
    <K extends keyof State>(key: K) =>
    (e: { target: { value: string } }) =>
      setV((s) => ({ ...s, [key]: e.target.value as State[K], ...(key === 'clientId' ? { campaignId: '' } : {}) }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const hashtags = v.hashtags
      .split(/[\s,]+/)
      .map((h) => h.trim())
      .filter(Boolean);
    const body = {
      clientId: v.clientId,
      campaignId: v.campaignId || null,
      title: v.title,
      channel: v.channel,
      format: v.format,
      status: v.status,
      scheduledAt: v.date ? brazilDateTime(v.date, v.time || DEFAULT_PIECE_TIME) : null,
      assigneeId: v.assigneeId || null,
      brief: v.brief,
      copy: v.copy,
      hashtags,
    };
    const parsed = pieceCreateSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Revise os campos.');
      return;
    }
    setSaving(true);
    try {
      const saved = piece ? await updatePiece(piece.id, body) : await createPiece(body);
      void qc.invalidateQueries({ queryKey: marketingKeys.pieces });
      void qc.invalidateQueries({ queryKey: marketingKeys.calendar });
      toast.success(piece ? 'Peça salva.' : 'Peça criada.');
      onSaved?.(saved);
      onOpenChange(false);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível salvar a peça. Tente de novo.');
    } finally {
      setSaving(false);
    }
  }

  const clientOptions: SelectOption[] = (clients.data ?? []).filter((c) => !c.archived || c.id === v.clientId).map((c) => ({ value: c.id, label: c.name }));
  const campaignOptions: SelectOption[] = (campaigns.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  if (piece?.campaignId && piece.campaignName && !campaignOptions.some((c) => c.value === piece.campaignId)) campaignOptions.unshift({ value: piece.campaignId, label: piece.campaignName });
  const assigneeOptions: SelectOption[] = (people.data ?? []).map((p) => ({ value: p.userId, label: p.name }));
  if (piece?.assigneeId && !assigneeOptions.some((p) => p.value === piece.assigneeId)) assigneeOptions.unshift({ value: piece.assigneeId, label: piece.assigneeName ?? 'Responsável atual' });
  const field = (name: string) => `${id}-${name}`;

  return (
    <ScrollDialog open={open} onOpenChange={onOpenChange} title={piece ? 'Editar peça' : 'Nova peça'} testId="piece-form-dialog">
      <form className="grid gap-3" onSubmit={submit} noValidate>
        {error && <FormAlert title={error} />}
        <div className="grid gap-1.5">
          <Label htmlFor={field('title')}>Título</Label>
          <input id={field('title')} className={inputClass} value={v.title} maxLength={L.title} onChange={set('title')} required />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <LabeledSelect id={field('client')} label="Empresa cliente" value={v.clientId} onChange={set('clientId')} empty={v.clientId ? undefined : 'Escolha…'} options={clientOptions} />
          <LabeledSelect id={field('campaign')} label="Campanha" value={v.campaignId} onChange={set('campaignId')} empty="Sem campanha" options={campaignOptions} />
          <LabeledSelect id={field('channel')} label="Canal" value={v.channel} onChange={set('channel')} options={optionsOf(MARKETING_CHANNELS, CHANNEL_LABELS)} />
          <LabeledSelect id={field('format')} label="Formato" value={v.format} onChange={set('format')} options={optionsOf(PIECE_FORMATS, PIECE_FORMAT_LABELS)} />
          <LabeledSelect id={field('status')} label="Status" value={v.status} onChange={set('status')} options={optionsOf(PIECE_STATUSES, PIECE_STATUS_LABELS)} />
          <LabeledSelect id={field('assignee')} label="Responsável" value={v.assigneeId} onChange={set('assigneeId')} empty="Ninguém" options={assigneeOptions} />
          <div className="grid gap-1.5">
            <Label htmlFor={field('date')}>Data</Label>
            <input id={field('date')} type="date" className={inputClass} value={v.date} onChange={set('date')} aria-describedby={field('date-hint')} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={field('time')}>Horário</Label>
            <input id={field('time')} type="time" className={inputClass} value={v.time} onChange={set('time')} disabled={!v.date} />
          </div>
        </div>
        <p id={field('date-hint')} className="-mt-1 text-xs text-slate-600">
          Horário de Brasília. Sem data, a peça fica na lista “Sem data” como ideia.
        </p>
        <div className="grid gap-1.5">
          <Label htmlFor={field('brief')}>Briefing</Label>
          <textarea id={field('brief')} className={`${inputClass} h-20 py-2`} value={v.brief} maxLength={L.brief} onChange={set('brief')} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={field('copy')}>Texto (legenda)</Label>
          <textarea id={field('copy')} className={`${inputClass} h-28 py-2`} value={v.copy} maxLength={L.copy} onChange={set('copy')} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={field('hashtags')}>Hashtags</Label>
          <input id={field('hashtags')} className={inputClass} value={v.hashtags} onChange={set('hashtags')} placeholder="#lancamento #verao" aria-describedby={field('hashtags-hint')} />
          <p id={field('hashtags-hint')} className="text-xs text-slate-600">
            Separe por espaço ou vírgula; até {L.hashtags}.
          </p>
        </div>
        <FormActions onCancel={() => onOpenChange(false)} submitLabel={piece ? 'Salvar' : 'Criar peça'} pending={saving} />
      </form>
    </ScrollDialog>
  );
}
