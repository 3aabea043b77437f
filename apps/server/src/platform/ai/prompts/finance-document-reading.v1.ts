import type { Prompt } from './types.ts';

export type FinanceDocumentReadingInput = { fileName: string; text: string };

/** 'Ler documento' (ai.invoice_reading): the payable's fields from a boleto's or a nota fiscal's text. */
export const financeDocumentReadingV1: Prompt<FinanceDocumentReadingInput> = {
  id: 'finance-document-reading.v1',
  system:
    'Você lê boletos bancários e notas fiscais brasileiros (NF-e, NFS-e) e extrai os dados de uma conta a pagar. ' +
    'Use apenas o que está no texto; quando um dado não aparece, responda null. Valores em centavos (inteiro). ' +
    'Datas no formato AAAA-MM-DD. CNPJ com 14 dígitos, só números. Linha digitável do boleto só com dígitos (47 ou 48). ' +
    'Responda apenas com o JSON pedido.',
  user: (d) =>
    [
      `Arquivo: ${d.fileName}`,
      'Extraia: valor a pagar (amountCents), vencimento (dueDate), CNPJ do beneficiário ou do emitente (supplierCnpj), ' +
        'nome do beneficiário ou emitente (supplierName), linha digitável (barcode), número do documento ou da nota (documentNumber) ' +
        'e uma descrição curta para o lançamento (description).',
      'Texto do documento:',
      d.text.slice(0, 12_000),
    ].join('\n'),
};
