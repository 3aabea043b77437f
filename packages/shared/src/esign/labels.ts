/**
 * The kinds of signer and of field, with their pt-BR names, without zod: the signer's page
 * imports only these (decision 0630). `schemas.ts` and `fields.ts` export them too.
 */

export const SIGNER_ROLES = ['assinar', 'aprovar', 'testemunha', 'receber_copia'] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];
export const SIGNER_ROLE_LABELS: Record<SignerRole, string> = {
  assinar: 'Assinar',
  aprovar: 'Aprovar',
  testemunha: 'Testemunha',
  receber_copia: 'Receber cópia',
};

/** Fields placed on the document for each signer (decision 0590). */
export const FIELD_TYPES = ['assinatura', 'rubrica', 'nome', 'cpf', 'data', 'texto', 'checkbox'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  assinatura: 'Assinatura',
  rubrica: 'Rubrica',
  nome: 'Nome',
  cpf: 'CPF',
  data: 'Data',
  texto: 'Texto',
  checkbox: 'Caixa de seleção',
};
/** What the signer types on the signing page; the others come from the signature, the name and the day. */
export const FILLABLE_FIELD_TYPES: readonly FieldType[] = ['cpf', 'texto', 'checkbox'];
