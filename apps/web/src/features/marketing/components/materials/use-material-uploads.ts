import { useRef, useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { MATERIAL_KINDS } from '@sede/shared/marketing/materials';
import { FILE_KINDS, formatFileSize } from '@sede/shared/platform/files';
import { ApiError } from '../../../../lib/api-client.ts';
import { uploadMaterial } from '../../api/materials.ts';
import type { DuplicateOffer } from './duplicate-offers.tsx';
import { parseTagText } from './tags.ts';

type Sending = { key: string; name: string; progress: number; abort: AbortController };
type Failure = { key: string; name: string; message: string };

const LARGEST = Math.max(...MATERIAL_KINDS.map((k) => FILE_KINDS[k].maxBytes));

/**
 * The library's uploads: the tags typed once for the next files, each file's progress (cancellable),
 * the failures with their reason, and the files the library already holds, offered to keep or
 * skip (decision 0393). `clientId` is the client chosen in the filter: never one the person did not pick.
 */
export function useMaterialUploads({ clientId, folderId, onUploaded }: { clientId: string | undefined; folderId: string | undefined; onUploaded: () => Promise<unknown> }) {
  const [sending, setSending] = useState<Sending[]>([]);
  const [failures, setFailures] = useState<Failure[]>([]);
  const [duplicates, setDuplicates] = useState<DuplicateOffer[]>([]);
  const tagsInput = useRef<HTMLInputElement>(null);
  const [tagText, setTagText] = useState('');
  const [tagsError, setTagsError] = useState<string | null>(null);

  const fail = (failure: Failure) => setFailures((f) => [...f, failure]);

  /** One file; the same content already in the library is offered to keep or skip. */
  async function sendOne(toClient: string, file: File, tags: string[], keepDuplicate: boolean) {
    const key = `${file.name}-${file.size}-${Math.random()}`;
    if (file.size === 0 || file.size > LARGEST) {
      fail({ key, name: file.name, message: file.size === 0 ? 'O arquivo está vazio (0 bytes). Escolha outro arquivo.' : `O arquivo passa do limite de ${formatFileSize(LARGEST)}.` });
      return;
    }
    const abort = new AbortController();
    setSending((s) => [...s, { key, name: file.name, progress: 0, abort }]);
    try {
      await uploadMaterial({ clientId: toClient, folderId, tags, keepDuplicate, file, signal: abort.signal, onProgress: (p) => setSending((s) => s.map((x) => (x.key === key ? { ...x, progress: p } : x))) });
      toast.success('Material enviado', { description: file.name });
      await onUploaded();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'MATERIAL_DUPLICATE') {
        const retry = () => sendOne(toClient, file, tags, true);
        setDuplicates((d) => [...d, { key, file, message: e.message, retry }]);
      } else if (!abort.signal.aborted) fail({ key, name: file.name, message: e instanceof ApiError ? e.message : 'Falha no envio.' });
    } finally {
      setSending((s) => s.filter((x) => x.key !== key));
    }
  }

  async function send(files: FileList | File[]) {
    if (!clientId) {
      setFailures((f) => [...f, ...Array.from(files, (file) => ({ key: `${file.name}-${Math.random()}`, name: file.name, message: 'Escolha a empresa cliente no filtro antes de enviar arquivos.' }))]);
      return;
    }
    const parsed = parseTagText(tagText);
    if (parsed.error !== null) {
      setTagsError(parsed.error);
      tagsInput.current?.focus();
      return;
    }
    setTagsError(null);
    for (const file of Array.from(files)) await sendOne(clientId, file, parsed.tags, false);
  }

  const drop = (list: DuplicateOffer[], offer: DuplicateOffer) => list.filter((x) => x.key !== offer.key);
  return {
    send,
    sending,
    failures,
    dismissFailure: (key: string) => setFailures((all) => all.filter((x) => x.key !== key)),
    duplicates,
    skipDuplicate: (o: DuplicateOffer) => setDuplicates((all) => drop(all, o)),
    keepDuplicate: (o: DuplicateOffer) => {
      setDuplicates((all) => drop(all, o));
      void o.retry();
    },
    tags: {
      ref: tagsInput,
      text: tagText,
      error: tagsError,
      typed: parseTagText(tagText).tags,
      change: (text: string) => {
        setTagText(text);
        if (tagsError) setTagsError(null);
      },
    },
  };
}

export type MaterialUploads = ReturnType<typeof useMaterialUploads>;
