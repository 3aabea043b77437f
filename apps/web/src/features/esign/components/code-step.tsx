import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { confirmCode, sendCode } from '../api/signing.ts';

/** Identity by a one-time code to the signer's e-mail: send, type the 6 numbers, confirm. */
export function CodeStep({ token, email, onConfirmed }: { token: string; email: string; onConfirmed: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const send = useSubmit(async () => setSentTo((await sendCode(token)).sentTo), 'Não foi possível enviar o código.');
  const confirm = useSubmit(async () => {
    await confirmCode(token, code);
    onConfirmed();
  }, 'Não foi possível confirmar o código.');
  return (
    <section aria-labelledby="identity-title" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h2 id="identity-title" className="text-base font-semibold text-slate-900">
        Confirme sua identidade
      </h2>
      {!sentTo ? (
        <>
          <p className="text-sm text-slate-700">{`Enviaremos um código de 6 números para ${email}.`}</p>
          {send.error && <p role="alert" className="text-sm text-red-700">{send.error}</p>}
          <Button className="w-full sm:w-fit" pending={send.pending} onClick={() => void send.submit()}>
            Enviar código por e-mail
          </Button>
        </>
      ) : (
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void confirm.submit();
          }}
        >
          <p role="status" className="text-sm text-slate-700">{`Código enviado para ${sentTo}. Ele vale por 10 minutos.`}</p>
          <Field label="Código de confirmação">
            <Input value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))} inputMode="numeric" autoComplete="one-time-code" className="max-w-40 text-lg tracking-[0.3em]" />
          </Field>
          {confirm.error && <p role="alert" className="text-sm text-red-700">{confirm.error}</p>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" className="w-full sm:w-fit" pending={confirm.pending} disabled={code.length !== 6}>
              Confirmar código
            </Button>
            <Button type="button" variant="ghost" onClick={() => void send.submit()} pending={send.pending}>
              Enviar outro código
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
