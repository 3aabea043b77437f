import { useId, useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useMunicipios } from '../api/get-municipios.ts';

const plain = (v: string) => v.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().trim();

/** Search-as-you-type over the Receita's municípios, only of the chosen UF; submits the code as `municipio`. */
export function MunicipioPicker({ uf, initial }: { uf: string; initial: string }) {
  const [text, setText] = useState(initial);
  const listId = useId();
  const typed = /^\d{1,4}$/.test(text.trim()) ? '' : plain(text);
  const options = useMunicipios(typed, uf, typed.length >= 2 || Boolean(uf));
  const found = options.data?.municipios.find((m) => m.descricao === typed);
  const code = /^\d{1,4}$/.test(text.trim()) ? text.trim() : (found?.codigo ?? '');
  return (
    <>
      <Field label="Município" hint={uf ? `Digite o nome; só municípios de ${uf}` : 'Digite o nome (escolha a UF para filtrar)'} error={text.trim() && !code && options.isSuccess ? 'Escolha um município da lista.' : undefined}>
        <Input value={text} onChange={(e) => setText(e.target.value)} list={listId} autoComplete="off" />
      </Field>
      <datalist id={listId}>
        {(options.data?.municipios ?? []).map((m) => (
          <option key={m.codigo} value={m.descricao} />
        ))}
      </datalist>
      <input type="hidden" name="municipio" value={code} />
    </>
  );
}
