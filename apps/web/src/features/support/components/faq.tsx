const QUESTIONS: Array<[string, string]> = [
  ['Como vinculo minha empresa?', 'Em "Vincular empresa", informe o CNPJ: buscamos os dados na Receita Federal e você confirma. Se o CNPJ não for encontrado, confira os números ou abra um chamado.'],
  ['Como convido colegas?', 'Administradores convidam pela página da equipe, escolhendo a função de cada pessoa. O convite chega por e-mail e vale por 7 dias.'],
  ['O que são as moedas?', 'As ações com IA (análises, resumos, sugestões) e algumas consultas custam moedas da empresa. O preço aparece no botão antes de você confirmar, e nada é cobrado se a ação falhar.'],
  ['Como mudo de plano ou compro moedas?', 'Administradores fazem isso em "Planos" e "Comprar moedas". As faturas ficam em "Cobrança".'],
  ['Posso exportar os dados da empresa?', 'Sim. Administradores exportam todos os dados da empresa (planilhas e arquivos) pelo perfil da empresa, conforme a LGPD.'],
  ['Em quanto tempo o suporte responde?', 'Respondemos em até um dia útil, de segunda a sexta, das 9h às 18h (horário de Brasília). Você recebe um aviso no sino e por e-mail.'],
];

/** The short FAQ of /suporte: native disclosure widgets, keyboard- and reader-friendly. */
export function Faq() {
  return (
    <div className="grid divide-y divide-slate-200 rounded-lg border border-slate-200">
      {QUESTIONS.map(([q, a]) => (
        <details key={q} className="group px-4 py-3">
          <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden after:float-right after:text-slate-500 after:content-['+'] group-open:after:content-['−']">{q}</summary>
          <p className="mt-2 text-sm text-slate-700">{a}</p>
        </details>
      ))}
    </div>
  );
}
