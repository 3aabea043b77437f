import { z } from 'zod';

/** The company's ICP-Brasil A1 certificate (decision 0540): limits, messages and what the API shows of it. */
export const CERTIFICATE_MAX_BYTES = 64 * 1024;
/** Days before expiry when the members who keep it are alerted. */
export const CERTIFICATE_ALERT_DAYS = 30;

export const CERTIFICATE_MESSAGES = {
  fileMissing: 'Envie o arquivo do certificado (.pfx ou .p12).',
  passwordMissing: 'Informe a senha do certificado.',
  tooLarge: 'O arquivo é grande demais para um certificado A1 (máximo de 64 KB). Envie o .pfx ou .p12 do certificado.',
  wrongPassword: 'Senha do certificado incorreta. Confira a senha que você definiu ao exportar o certificado e tente de novo.',
  unreadable: 'Não foi possível ler o arquivo como um certificado A1 (.pfx ou .p12). Exporte o certificado com a chave privada e envie de novo.',
  noKey: 'O arquivo não contém a chave privada do certificado. Exporte o certificado A1 com a chave privada (.pfx) e envie de novo.',
  expired: (date: string) => `Este certificado venceu em ${date}. Renove o e-CNPJ com a sua autoridade certificadora e envie o novo.`,
  notYetValid: (date: string) => `Este certificado só vale a partir de ${date}.`,
  notCnpj: 'Este certificado não é um e-CNPJ (não traz o CNPJ da empresa). Envie o certificado A1 da empresa.',
  otherCompany: (cnpj: string, company: string) => `Este certificado é do CNPJ ${cnpj}, não da empresa (${company}). Envie o e-CNPJ desta empresa.`,
  missing: 'A empresa ainda não enviou o certificado digital A1. Envie-o em Financeiro → Nota fiscal.',
} as const;

export const companyCertificateSchema = z.object({
  subject: z.string(),
  cnpj: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
  /** Whole days until expiry (negative once expired). */
  daysLeft: z.number().int(),
  uploadedAt: z.string(),
});
export type CompanyCertificateInfo = z.infer<typeof companyCertificateSchema>;

export const companyCertificateAnswerSchema = z.object({ certificate: companyCertificateSchema.nullable() });
export type CompanyCertificateAnswer = z.infer<typeof companyCertificateAnswerSchema>;
