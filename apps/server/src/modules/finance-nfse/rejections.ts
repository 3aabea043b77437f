/**
 * What to fix in Sede for the refusals people meet most (decision 0544): the authority's own
 * description is always shown; this adds where to change it. Codes not listed get no hint.
 */
const HINTS: Record<string, string> = {
  E0001: 'A assinatura da DPS não confere com o certificado. Envie de novo o certificado A1 da empresa em Financeiro → Nota fiscal.',
  E0004: 'O certificado usado não é o do prestador. Envie o e-CNPJ da empresa em Financeiro → Nota fiscal.',
  E0014: 'Esta DPS já foi recebida pela Sefin. Consulte a nota já emitida antes de emitir outra.',
  E0116: 'O município informado não aderiu à NFS-e Nacional ou o código IBGE está errado. Confira o município em Financeiro → Nota fiscal.',
  E0160: 'O código de tributação nacional (cTribNac) não existe na lista nacional. Confira os serviços em Financeiro → Nota fiscal.',
  E0312: 'O documento do tomador é inválido. Corrija o CNPJ ou CPF do cliente no cadastro.',
  E0625: 'A alíquota do ISS não é aceita pelo município para este serviço. Confira a alíquota em Financeiro → Nota fiscal.',
  E1235: 'Um campo obrigatório da DPS está faltando. Confira as configurações da nota fiscal e o cadastro do cliente.',
};

export const rejectionHint = (code: string): string | null => HINTS[code] ?? null;
