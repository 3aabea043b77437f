import { lazy, Suspense, useState } from 'react';
import type { FieldView } from '@sede/shared/esign/fields';
import type { SignInput } from '@sede/shared/esign/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { sign } from '../api/signing.ts';
import { type FieldValues, fieldsReady, SignerFieldInputs } from './signer-fields.tsx';

// Drawing is the second choice: its pad loads when chosen (decision 0630).
const SignaturePad = lazy(() => import('./signature-pad.tsx').then((m) => ({ default: m.SignaturePad })));

/** Type or draw the signature, accept, sign. */
export function SignStep({
  token,
  name,
  approving,
  onSigned,
  fields = [],
  values = {},
  onValues = () => {},
}: { token: string; name: string; approving: boolean; onSigned: () => void; fields?: FieldView[]; values?: FieldValues; onValues?: (v: FieldValues) => void }) {
  const [mode, setMode] = useState<'typed' | 'drawn'>('typed');
  const [text, setText] = useState(name);
  const [image, setImage] = useState<string | null>(null);
  const [accept, setAccept] = useState(false);
  const submit = useSubmit(async () => {
    const signature: SignInput['signature'] = mode === 'typed' ? { kind: 'typed', text } : { kind: 'drawn', image: image ?? '' };
    await sign(token, { accept: true, signature, fields: Object.entries(values).map(([id, value]) => ({ id, value })) });
    onSigned();
  }, 'Não foi possível assinar agora. Tente de novo.');
  const ready = accept && fieldsReady(fields, values) && (mode === 'typed' ? text.trim().length >= 2 : Boolean(image));
  return (
    <form
      aria-labelledby="sign-title"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
      onSubmit={(e) => {
        e.preventDefault();
        void submit.submit();
      }}
    >
      <h2 id="sign-title" className="text-base font-semibold text-slate-900">
        {approving ? 'Sua aprovação' : 'Sua assinatura'}
      </h2>
      <SegmentedControl label="Como assinar" options={[['typed', 'Digitar'], ['drawn', 'Desenhar']]} value={mode} onChange={setMode} />
      {mode === 'typed' ? (
        <div className="grid gap-2">
          <Field label="Nome como assinatura">
            <Input value={text} onChange={(e) => setText(e.target.value)} maxLength={120} autoComplete="name" />
          </Field>
          <p className="min-h-12 border-b border-slate-300 px-1 font-serif text-3xl italic text-slate-900" aria-hidden>
            {text}
          </p>
        </div>
      ) : (
        <Suspense fallback={<div className="h-[12.5rem]" aria-busy="true" />}>
          <SignaturePad onChange={setImage} />
        </Suspense>
      )}
      <SignerFieldInputs fields={fields} values={values} onChange={onValues} />
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0" checked={accept} onChange={(e) => setAccept(e.target.checked)} />
        <span>Li o documento inteiro e concordo em {approving ? 'aprová-lo' : 'assiná-lo'} eletronicamente. Minha assinatura vale como a feita à mão.</span>
      </label>
      {submit.error && <p role="alert" className="text-sm text-red-700">{submit.error}</p>}
      <Button type="submit" size="lg" className="w-full sm:w-fit" pending={submit.pending} disabled={!ready}>
        {approving ? 'Aprovar documento' : 'Assinar documento'}
      </Button>
    </form>
  );
}
