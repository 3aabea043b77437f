import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';

/** Choosing a PDF and sending it (an envelope's or a template's document); the server's refusal shows under it. */
export function PdfUploadForm({ label, upload, secondary }: { label: string; upload: (file: File) => Promise<unknown>; secondary?: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  const send = useSubmit(async () => {
    if (!file) throw new Error('Escolha o PDF.');
    await upload(file);
    setFile(null);
  }, 'Não foi possível enviar o PDF.');
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void send.submit();
      }}
    >
      <Field label={label}>
        <Input type="file" accept="application/pdf,.pdf" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </Field>
      {send.error && <p role="alert" className="text-red-700">{send.error}</p>}
      <Button type="submit" size="sm" variant={secondary ? 'secondary' : 'primary'} className="w-fit" pending={send.pending} disabled={!file}>
        Enviar PDF
      </Button>
    </form>
  );
}
