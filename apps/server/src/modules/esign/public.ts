/** What other modules use of electronic signature: the public pages (module esign-public) and the modules that start envelopes (the CRM's quotes, decision 0591). */
export { witnessOf } from './evidence.ts';
export { confirmCode, publicDocument, publicSigning, refuseByLink, sendCode, signByLink } from './signing.ts';
export { verifyByCode, verifyByHash } from './verification.ts';
export { createEnvelopeFromPdf, onEnvelopeCompleted, type CompletedEnvelope, type EnvelopeSource } from './sources.ts';
export { cancelEnvelope, sendEnvelope } from './sending.ts';
export { envelopesOfSource, sourceEnvelope, sourceEnvelopeDocument } from './source-envelopes.ts';
export { saveFields } from './fields.ts';
