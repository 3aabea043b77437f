import type { NfseEnvironment, NfseRegime } from '@sede/shared/finance/nfse';

/** The namespace and version of the NFS-e Nacional layout the DPS follows (decision 0543). */
export const NFSE_NS = 'http://www.sped.fazenda.gov.br/nfse';
export const DPS_VERSION = '1.01';
export const APP_VERSION = 'Sede-1.0';

export type DpsInput = {
  environment: NfseEnvironment;
  issuedAt: Date;
  /** The competence date (YYYY-MM-DD): the receivable's competence. */
  competence: string;
  serie: string;
  number: number;
  municipalityCode: string;
  provider: { cnpj: string; municipalRegistration: string | null; regime: NfseRegime };
  taker: { document: string; name: string; email?: string | null };
  service: { code: string; description: string; issRate: number };
  amountCents: number;
  ibsCbs: { cst: string; classification: string } | null;
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xmlText = (v: string) => v.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const el = (name: string, value: string | number) => `<${name}>${xmlText(String(value))}</${name}>`;

/** tpAmb: 1 production, 2 produção restrita. */
export const tpAmb = (env: NfseEnvironment) => (env === 'production' ? '1' : '2');

/** A moment as the layout's dhEmi (AAAA-MM-DDThh:mm:ss-03:00, Brasília: no daylight saving since 2019). */
export function brasiliaDateTime(at: Date): string {
  return `${new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`;
}

/** Id of infDPS: "DPS" + município (7) + tipo de inscrição (1: CPF, 2: CNPJ) + inscrição (14) + série (5) + número (15). */
export function dpsId(i: Pick<DpsInput, 'municipalityCode' | 'provider' | 'serie' | 'number'>): string {
  return `DPS${i.municipalityCode}2${i.provider.cnpj.padStart(14, '0')}${i.serie.padStart(5, '0')}${String(i.number).padStart(15, '0')}`;
}

/** opSimpNac: 1 not in the Simples, 2 MEI, 3 ME/EPP in the Simples Nacional. */
const opSimpNac = (r: NfseRegime) => (r === 'mei' ? '2' : r === 'simples' ? '3' : '1');

const money = (cents: number) => (cents / 100).toFixed(2);

function taker(t: DpsInput['taker']): string {
  const doc = t.document.replace(/\D/g, '');
  return `<toma>${doc.length === 11 ? el('CPF', doc) : el('CNPJ', doc)}${el('xNome', t.name.slice(0, 300))}${t.email ? el('email', t.email.slice(0, 80)) : ''}</toma>`;
}

function ibsCbs(g: DpsInput['ibsCbs']): string {
  if (!g) return '';
  // finNFSe 0 regular; indFinal 0 not to a final consumer; indDest 0 the taker is the recipient.
  return `<IBSCBS>${el('finNFSe', 0)}${el('indFinal', 0)}${el('cIndOp', '100301')}${el('indDest', 0)}<valores><trib><gIBSCBS>${el('CST', g.cst)}${el('cClassTrib', g.classification)}</gIBSCBS></trib></valores></IBSCBS>`;
}

/**
 * The DPS (Declaração de Prestação de Serviço) of the NFS-e Nacional, unsigned: infDPS with
 * its Id, the environment, issue time, serie and number, competence, provider, taker, service
 * and values with the ISS (and the IBS/CBS group when the company set it).
 */
export function buildDps(i: DpsInput): { xml: string; id: string } {
  const id = dpsId(i);
  const prest = `<prest>${el('CNPJ', i.provider.cnpj)}${i.provider.municipalRegistration ? el('IM', i.provider.municipalRegistration) : ''}<regTrib>${el('opSimpNac', opSimpNac(i.provider.regime))}${
    i.provider.regime === 'simples' ? el('regApTribSN', 1) : ''
  }${el('regEspTrib', 0)}</regTrib></prest>`;
  const serv = `<serv><locPrest>${el('cLocPrestacao', i.municipalityCode)}</locPrest><cServ>${el('cTribNac', i.service.code)}${el('xDescServ', i.service.description.slice(0, 2000))}</cServ></serv>`;
  const trib = `<trib><tribMun>${el('tribISSQN', 1)}${el('tpRetISSQN', 1)}${el('pAliq', i.service.issRate.toFixed(2))}</tribMun><totTrib>${el('indTotTrib', 0)}</totTrib></trib>`;
  const xml =
    `<DPS xmlns="${NFSE_NS}" versao="${DPS_VERSION}"><infDPS Id="${id}">` +
    el('tpAmb', tpAmb(i.environment)) +
    el('dhEmi', brasiliaDateTime(i.issuedAt)) +
    el('verAplic', APP_VERSION) +
    el('serie', i.serie) +
    el('nDPS', i.number) +
    el('dCompet', i.competence) +
    el('tpEmit', 1) +
    el('cLocEmi', i.municipalityCode) +
    prest +
    taker(i.taker) +
    serv +
    `<valores><vServPrest>${el('vServ', money(i.amountCents))}</vServPrest>${trib}</valores>` +
    ibsCbs(i.ibsCbs) +
    '</infDPS></DPS>';
  return { xml, id };
}
