import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { inputClass } from '../ui/input.tsx';
import { createShareLink, fileKeys, revokeShareLink, shareLinksQueryOptions } from './files-api.ts';

const VALIDITY = [
  [24, '1 dia'],
  [72, '3 dias'],
  [168, '7 dias'],
  [720, '30 dias'],
] as const;

const when = (iso: string) => new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/**
 * Sharing a file with someone without an account (decision 0336): links that expire and can be
 * disabled at any time; create and copy one, see the active ones, disable one. Every place that
 * shares a file (an entity's files, the marketing library) opens this one dialog.
 */
export function ShareLinkDialog({ file, title = 'Compartilhar arquivo', open, onOpenChange }: { file: { id: string; name: string }; title?: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const qc = useQueryClient();
  const id = useId();
  const [hours, setHours] = useState(72);
  const [url, setUrl] = useState<string | null>(null);
  const links = useQuery({ ...shareLinksQueryOptions(file.id), enabled: open });
  const refresh = () => qc.invalidateQueries({ queryKey: fileKeys.shareLinks(file.id) });
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Link copiado', { description: 'Qualquer pessoa com o link pode baixar o arquivo até ele expirar.' });
    } catch {
      toast.info('Copie o link abaixo.');
    }
  };
  const create = useMutation({
    mutationFn: () => createShareLink(file.id, hours),
    onSuccess: async (link) => {
      setUrl(link.url);
      await copy(link.url);
      await refresh();
    },
    onError: (e) => toast.error('Não foi possível criar o link', { description: e instanceof ApiError ? e.message : undefined }),
  });
  const revoke = useMutation({
    mutationFn: (linkId: string) => revokeShareLink(file.id, linkId),
    onSuccess: async () => {
      toast.success('Link desativado');
      await refresh();
    },
    onError: (e) => toast.error('Não foi possível desativar o link', { description: e instanceof ApiError ? e.message : undefined }),
  });
  const active = links.data?.filter((l) => l.active) ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setUrl(null);
        onOpenChange(o);
      }}
      title={title}
      description={`Crie um link para quem não tem conta baixar "${file.name}". O link expira e pode ser desativado a qualquer momento.`}
    >
      <div className="grid gap-3">
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid min-w-32 flex-1 gap-1.5">
            <label htmlFor={`${id}-validity`} className="text-sm font-medium text-slate-900">
              Validade
            </label>
            <select id={`${id}-validity`} className={inputClass} value={hours} onChange={(e) => setHours(Number(e.target.value))}>
              {VALIDITY.map(([h, label]) => (
                <option key={h} value={h}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <Button onClick={() => create.mutate()} pending={create.isPending}>
            {!create.isPending && <Link2 aria-hidden />} Criar e copiar link
          </Button>
        </div>
        {url && (
          <div className="flex gap-2">
            <label htmlFor={`${id}-url`} className="sr-only">
              Link criado
            </label>
            <input id={`${id}-url`} readOnly value={url} className={inputClass} data-testid="share-url" onFocus={(e) => e.currentTarget.select()} />
            <Button variant="secondary" onClick={() => void copy(url)} aria-label="Copiar link criado">
              <Copy aria-hidden />
            </Button>
          </div>
        )}
        <div>
          <h3 className="text-sm font-medium text-slate-900">Links ativos</h3>
          {links.isPending ? (
            <p className="text-sm text-slate-600">Carregando…</p>
          ) : active.length === 0 ? (
            <p className="text-sm text-slate-600">Nenhum link ativo.</p>
          ) : (
            <ul className="mt-1 divide-y divide-slate-200" aria-label="Links ativos">
              {active.map((l) => (
                <li key={l.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                  <span className="text-slate-700">
                    Criado em {when(l.createdAt)} · expira em {when(l.expiresAt)}
                  </span>
                  <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => revoke.mutate(l.id)} pending={revoke.isPending && revoke.variables === l.id}>
                    Desativar
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Dialog>
  );
}
