import { codeConfirmedSchema, codeSentSchema, confirmCodeSchema, publicSigningViewSchema, refuseSchema, signedAnswerSchema, signingTokenParams, signSchema, verificationCodeParams, verificationHashParams, verificationViewSchema } from '@sede/shared/esign/schemas';
import { contract } from '../../http/contract.ts';
import { publicRouter } from '../../http/public-router.ts';
import type { RateRule } from '../../http/rate-limit.ts';
import type { Services } from '../../services.ts';
import { confirmCode, publicDocument, publicSigning, refuseByLink, sendCode, signByLink, verifyByCode, verifyByHash, witnessOf } from '../esign/public.ts';

/** Per address, before anything of the request is read: guessing tokens or codes, or flooding an inbox with codes, is refused with a 429. */
export const SIGNING_RULES = {
  viewPerIp: { window: 60, max: 120 },
  codePerIp: { window: 600, max: 10 },
  answerPerIp: { window: 600, max: 30 },
  verifyPerIp: { window: 60, max: 30 },
} satisfies Record<string, RateRule>;

/** /api/public/assinaturas — the signer's page (the token names the signer) and the verification page. */
export function esignPublicRoutes(s: Services) {
  const { r, limited } = publicRouter(s, 'esign', SIGNING_RULES);
  const token = signingTokenParams;
  r.get('/sign/:token', limited('viewPerIp'), contract({ summary: 'Ver o envelope pelo link de assinatura', params: token, response: publicSigningViewSchema, public: true }), async (c) =>
    c.json(await publicSigning(s, c.req.valid('param').token, witnessOf(c))),
  );
  r.get('/sign/:token/document', limited('viewPerIp'), contract({ summary: 'Baixar o documento a assinar', params: token, response: { media: 'application/pdf' }, public: true }), async (c) => {
    const file = await publicDocument(s, c.req.valid('param').token);
    return c.body(new Uint8Array(file.bytes), 200, { 'content-type': 'application/pdf', 'content-disposition': 'inline; filename="documento.pdf"' });
  });
  r.post('/sign/:token/code', limited('codePerIp'), contract({ summary: 'Enviar código de confirmação', params: token, response: codeSentSchema, public: true }), async (c) =>
    c.json(await sendCode(s, c.req.valid('param').token, witnessOf(c))),
  );
  r.post('/sign/:token/code/confirm', limited('answerPerIp'), contract({ summary: 'Confirmar o código', params: token, body: confirmCodeSchema, response: codeConfirmedSchema, public: true }), async (c) =>
    c.json(await confirmCode(s, c.req.valid('param').token, c.req.valid('json').code, witnessOf(c))),
  );
  r.post('/sign/:token/sign', limited('answerPerIp'), contract({ summary: 'Assinar o documento', params: token, body: signSchema, response: signedAnswerSchema, public: true }), async (c) =>
    c.json(await signByLink(s, c.req.valid('param').token, c.req.valid('json'), witnessOf(c))),
  );
  r.post('/sign/:token/refuse', limited('answerPerIp'), contract({ summary: 'Recusar assinar', params: token, body: refuseSchema, response: signedAnswerSchema, public: true }), async (c) =>
    c.json(await refuseByLink(s, c.req.valid('param').token, c.req.valid('json').reason, witnessOf(c))),
  );
  r.get('/verify/code/:code', limited('verifyPerIp'), contract({ summary: 'Verificar documento pelo código', params: verificationCodeParams, response: verificationViewSchema, public: true }), async (c) =>
    c.json(await verifyByCode(s, c.req.valid('param').code)),
  );
  r.get('/verify/sha256/:sha256', limited('verifyPerIp'), contract({ summary: 'Verificar documento pelo SHA-256', params: verificationHashParams, response: verificationViewSchema, public: true }), async (c) =>
    c.json(await verifyByHash(s, c.req.valid('param').sha256)),
  );
  return r;
}
