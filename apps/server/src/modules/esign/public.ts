/** What the public pages (module esign-public) use of electronic signature. */
export { witnessOf } from './evidence.ts';
export { confirmCode, publicDocument, publicSigning, refuseByLink, sendCode, signByLink } from './signing.ts';
export { verifyByCode, verifyByHash } from './verification.ts';
