import { randomBytes } from 'node:crypto';
import { createDynamicPix } from 'pix-utils';

/** What of the main fake Pix Automático uses (passed in: the two files stay acyclic). */
type Tools = {
  /** Validates against a schema of the OpenAPI; false (and recorded) when it breaks it. */
  check(ref: string, value: unknown, where: string): boolean;
  /** POSTs a notification to `<registered webhookUrl><suffix>` (through the fake's delivery origin); answers its status. */
  post(webhookUrl: string, suffix: string, body: unknown): Promise<number>;
  /** The fake's received Pix (GET /pix lists a cobr's payment too). */
  received: { endToEndId: string; txid: string; valor: string; horario: string }[];
  e2eId(): string;
  /** A cob or cobv of the fake (Jornadas 3–4 compose its QR with the recurrence's). */
  cob(txid: string): { kind: 'cob' | 'cobv'; answer: Record<string, unknown> } | null;
};

export type FakeLocRec = { id: number; location: string; tipo: 'rec'; criacao: string };
export type FakeRec = {
  idRec: string;
  status: 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
  body: Record<string, unknown>;
  atualizacao: { status: string; data: string }[];
  encerramento?: Record<string, unknown>;
  loc?: FakeLocRec;
  /** The journey of the last QR Composto read (GET /rec with or without a txid): what the approval reports. */
  qrJourney?: 'JORNADA_2' | 'JORNADA_3' | 'JORNADA_4';
};
export type FakeSolicRec = { idSolicRec: string; idRec: string; status: string; body: Record<string, unknown>; atualizacao: { status: string; data: string }[] };
export type FakeCobr = { txid: string; idRec: string; status: string; body: Record<string, unknown>; criacao: string; atualizacao: { status: string; data: string }[]; pix: { endToEndId: string; txid: string; valor: string; horario: string }[] };

const alnum = (n: number) => {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(n), (b) => abc[b % abc.length]).join('');
};
const ymd = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');
const RECEBEDOR = { cnpj: '12345678000195', nome: 'EMPRESA TESTE' };

/**
 * The API Pix's Pix Automático (BCB 2.9): `POST/GET/PATCH /rec`, `POST/GET /solicrec`, `PUT/GET/PATCH
 * /cobr/{txid}`, `PUT /webhookrec` and `/webhookcobr`. Bodies and answers are validated against
 * the OpenAPI like the charges'. The payer's side is played by `approve`/`reject` (the rec webhook)
 * and `payCobr` (the cobr webhook, and GET /pix). A cobr is refused outside BCB's window (2 to 10
 * days before its due date) or for a recurrence not approved, as a PSP does. Jornada 2: `POST /locrec`
 * and `PATCH /rec` with its `loc` give the recurrence a QR (`dadosQR` in `GET /rec`). Jornadas 3–4: `GET /rec/{idRec}?txid=` of a cob (named in `ativacao.dadosJornada`) or a cobv gives the QR Composto.
 */
export function fakePixAutomatic(tools: Tools) {
  const recs = new Map<string, FakeRec>();
  const solics = new Map<string, FakeSolicRec>();
  const cobrs = new Map<string, FakeCobr>();
  const locs = new Map<number, FakeLocRec>();
  const hooks: { rec: string | null; cobr: string | null } = { rec: null, cobr: null };
  const now = () => new Date().toISOString();
  const problem = (status: number, title: string, detail: string) => ({ status, body: { type: `https://pix.bcb.gov.br/api/v2/error/${title}`, title, status, detail } });

  const journeyOf = (r: FakeRec) => r.qrJourney ?? (r.loc ? 'JORNADA_2' : 'JORNADA_1');
  /** The recurrence's BR Code: the payload's location, as a PSP builds a QR Composto's recurrence part. */
  const recBrCode = (loc: FakeLocRec) => createDynamicPix({ merchantName: RECEBEDOR.nome, merchantCity: 'SAO PAULO', url: loc.location }).throwIfError().toBRCode();
  const recAnswer = (r: FakeRec) => {
    const { ativacao: _a, loc: _l, ...asked } = r.body;
    const qr = r.loc ? { loc: { ...r.loc, idRec: r.idRec }, ...(r.status === 'CRIADA' ? { dadosQR: { jornada: 'JORNADA_2', pixCopiaECola: recBrCode(r.loc) } } : {}) } : {};
    return { idRec: r.idRec, ...asked, recebedor: RECEBEDOR, status: r.status, atualizacao: r.atualizacao, ativacao: { tipoJornada: r.status === 'APROVADA' ? journeyOf(r) : 'AGUARDANDO_DEFINICAO' }, ...(r.encerramento ? { encerramento: r.encerramento } : {}), ...qr };
  };
  const solicAnswer = (x: FakeSolicRec) => {
    const r = recs.get(x.idRec)!;
    const { ativacao: _a, loc: _l, politicaRetentativa, ...asked } = r.body;
    return { idSolicRec: x.idSolicRec, ...x.body, status: x.status, atualizacao: x.atualizacao, recPayload: { idRec: r.idRec, ...asked, politicaRetentativa, recebedor: { ...RECEBEDOR, ispbParticipante: '12345678' }, atualizacao: r.atualizacao } };
  };
  const cobrAnswer = (c: FakeCobr) => {
    const { recebedor, calendario, ...asked } = c.body as { recebedor: Record<string, unknown>; calendario: Record<string, unknown> };
    return {
      ...asked,
      txid: c.txid,
      calendario: { ...calendario, criacao: c.criacao },
      recebedor: { ...RECEBEDOR, ...recebedor },
      status: c.status,
      politicaRetentativa: 'NAO_PERMITE',
      atualizacao: c.atualizacao,
      ...(c.pix.length ? { pix: c.pix } : {}),
    };
  };
  const cobrNotice = (c: FakeCobr) => ({ idRec: c.idRec, txid: c.txid, status: c.status, atualizacao: c.atualizacao, ...(c.pix.length ? { pix: c.pix } : {}) });

  const notifyRec = async (r: FakeRec) => {
    if (!hooks.rec) return null;
    const notice = { idRec: r.idRec, status: r.status, atualizacao: r.atualizacao, ...(r.encerramento ? { encerramento: r.encerramento } : {}), ...(r.status === 'APROVADA' ? { ativacao: { tipoJornada: journeyOf(r) } } : {}) };
    tools.check('RecNotification', notice, 'webhook rec');
    return tools.post(hooks.rec, '/rec', { recs: [notice] });
  };
  const notifyCobr = async (c: FakeCobr) => {
    if (!hooks.cobr) return null;
    const notice = cobrNotice(c);
    tools.check('CobRNotification', notice, 'webhook cobr');
    return tools.post(hooks.cobr, '/cobr', { cobsr: [notice] });
  };
  const end = (r: FakeRec, status: FakeRec['status'], encerramento?: Record<string, unknown>) => {
    r.status = status;
    r.atualizacao.push({ status, data: now() });
    if (encerramento) r.encerramento = encerramento;
  };

  const state = {
    recs,
    locs,
    solics,
    cobrs,
    hooks,
    /** The next POST /solicrec is refused with this detail (the payer's account unknown to the PSP…). */
    refuseNext: null as string | null,
    /** The payer approves the request in their bank's app: the recurrence APROVADA, the solicitação ACEITA, the webhook called. */
    async approve(idRec: string, o: { notify?: boolean } = {}) {
      const r = recs.get(idRec);
      if (!r) throw new Error(`fake PSP: no rec ${idRec}`);
      end(r, 'APROVADA');
      for (const x of solics.values()) if (x.idRec === idRec) x.status = 'ACEITA';
      return o.notify === false ? null : notifyRec(r);
    },
    /** The payer refuses (AP13: rejeitada pelo usuário pagador). */
    async reject(idRec: string) {
      const r = recs.get(idRec);
      if (!r) throw new Error(`fake PSP: no rec ${idRec}`);
      end(r, 'REJEITADA', { rejeicao: { codigo: 'AP13', descricao: 'Recusada pelo usuário pagador.' } });
      for (const x of solics.values()) if (x.idRec === idRec) x.status = 'REJEITADA';
      return notifyRec(r);
    },
    /** The due date arrives and the payer's bank pays the cobrança: CONCLUIDA with its Pix; the cobr webhook unless `notify: false`. */
    async payCobr(txid: string, o: { notify?: boolean } = {}) {
      const c = cobrs.get(txid);
      if (!c) throw new Error(`fake PSP: no cobr ${txid}`);
      const pix = { endToEndId: tools.e2eId(), txid, valor: String((c.body.valor as { original: string }).original), horario: now() };
      c.pix.push(pix);
      tools.received.push(pix);
      c.status = 'CONCLUIDA';
      c.atualizacao.push({ status: 'CONCLUIDA', data: now() });
      return { pix, webhookStatus: o.notify === false ? null : await notifyCobr(c) };
    },
    notifyCobr,
    notifyRec,
    /** Answers a Pix Automático route, or null when the route is another's. */
    handle(method: string, route: string, body: Record<string, unknown>, query?: URLSearchParams): { status: number; body?: unknown } | null {
      if ((route === '/webhookrec' || route === '/webhookcobr') && method === 'PUT') {
        const which = route === '/webhookrec' ? 'rec' : 'cobr';
        if (!tools.check(which === 'rec' ? 'WebhookRecSolicitado' : 'WebhookCobRSolicitado', body, `PUT ${route}`)) return problem(400, 'WebhookOperacaoInvalida', 'webhookUrl inválida.');
        hooks[which] = String(body.webhookUrl);
        return { status: 200 };
      }
      if (route === '/locrec' && method === 'POST') {
        if (!tools.check('PayloadLocationRecSolicitada', body, 'POST /locrec')) return problem(400, 'RequisicaoInvalida', 'A location não respeita o schema.');
        const id = locs.size + 1001;
        const loc: FakeLocRec = { id, location: `pix.psp.test/qr/v2/rec/${alnum(32).toLowerCase()}`, tipo: 'rec', criacao: now() };
        locs.set(id, loc);
        tools.check('PayloadLocationRecGerada', loc, 'answer of POST /locrec');
        return { status: 201, body: loc };
      }
      if (route === '/rec' && method === 'POST') {
        if (!tools.check('RecSolicitada', body, 'POST /rec')) return problem(400, 'RecOperacaoInvalida', 'A recorrência não respeita o schema.');
        const idRec = `RN12345678${ymd()}${alnum(11)}`;
        const r: FakeRec = { idRec, status: 'CRIADA', body, atualizacao: [{ status: 'CRIADA', data: now() }] };
        recs.set(idRec, r);
        const out = recAnswer(r);
        tools.check('RecGerada', out, 'answer of POST /rec');
        return { status: 201, body: out };
      }
      const rec = /^\/rec\/([^/]+)$/.exec(route);
      if (rec) {
        const r = recs.get(decodeURIComponent(rec[1]!));
        if (!r) return problem(404, 'NaoEncontrado', 'Recorrência não encontrada.');
        if (method === 'GET') {
          const out: Record<string, unknown> = recAnswer(r);
          const txid = query?.get('txid');
          if (txid) {
            // Jornadas 3–4: the QR Composto of a cob (named in the recurrence's ativacao) or a cobv, with the recurrence's.
            const cob = tools.cob(txid);
            const named = (r.body.ativacao as { dadosJornada?: { txid?: string } } | undefined)?.dadosJornada?.txid;
            if (!cob || (cob.kind === 'cob' && named !== txid)) return problem(400, 'RecConsultaInvalida', 'O txid não corresponde a uma cobrança compatível com a jornada.');
            delete out.dadosQR;
            if (r.loc && r.status === 'CRIADA') {
              const jornada = cob.kind === 'cob' ? 'JORNADA_3' : 'JORNADA_4';
              r.qrJourney = jornada;
              // pix-utils writes one location: the cob's, as the payment part of the QR Composto (the recurrence's is the test's to check in `recs`).
              out.dadosQR = { jornada, pixCopiaECola: String(cob.answer.pixCopiaECola) };
            }
          } else if (out.dadosQR) r.qrJourney = 'JORNADA_2';
          tools.check('RecCompleta', out, 'answer of GET /rec');
          return { status: 200, body: out };
        }
        if (method === 'PATCH') {
          if (!tools.check('RecRevisada', body, 'PATCH /rec')) return problem(400, 'RecOperacaoInvalida', 'Revisão fora do schema.');
          if (r.status !== 'CRIADA' && r.status !== 'APROVADA') return problem(400, 'RecOperacaoInvalida', 'A recorrência já está encerrada.');
          if (body.status === 'CANCELADA') end(r, 'CANCELADA', { cancelamento: { solicitante: 'USUARIO_RECEBEDOR', codigo: 'SLCR', descricao: 'Cancelada pelo usuário recebedor.' } });
          if (body.loc !== undefined) {
            const loc = locs.get(Number(body.loc));
            if (!loc) return problem(400, 'RecOperacaoInvalida', 'Location inexistente.');
            r.loc = loc;
          }
          const calendario = body.calendario as { dataInicial?: string } | undefined;
          if (calendario?.dataInicial || body.ativacao) {
            if (r.status !== 'CRIADA') return problem(400, 'RecOperacaoInvalida', 'A data inicial e a jornada só mudam enquanto a recorrência está CRIADA.');
            if (calendario?.dataInicial) r.body = { ...r.body, calendario: { ...(r.body.calendario as object), dataInicial: calendario.dataInicial } };
            if (body.ativacao) r.body = { ...r.body, ativacao: body.ativacao };
          }
          return { status: 200, body: recAnswer(r) };
        }
      }
      if (route === '/solicrec' && method === 'POST') {
        if (!tools.check('SolicRecSolicitada', body, 'POST /solicrec')) return problem(400, 'SolicRecOperacaoInvalida', 'A solicitação não respeita o schema.');
        const r = recs.get(String(body.idRec));
        if (!r) return problem(404, 'NaoEncontrado', 'Recorrência não encontrada.');
        if (r.status !== 'CRIADA') return problem(400, 'SolicRecOperacaoInvalida', 'A recorrência não está aguardando confirmação.');
        if (state.refuseNext) {
          const detail = state.refuseNext;
          state.refuseNext = null;
          return problem(400, 'SolicRecOperacaoInvalida', detail);
        }
        const x: FakeSolicRec = { idSolicRec: `SC12345678${ymd()}${alnum(11)}`, idRec: r.idRec, status: 'CRIADA', body, atualizacao: [{ status: 'CRIADA', data: now() }] };
        solics.set(x.idSolicRec, x);
        const out = solicAnswer(x);
        tools.check('SolicRecCompleta', out, 'answer of POST /solicrec');
        return { status: 201, body: out };
      }
      const solic = /^\/solicrec\/([^/]+)$/.exec(route);
      if (solic && method === 'GET') {
        const x = solics.get(decodeURIComponent(solic[1]!));
        return x ? { status: 200, body: solicAnswer(x) } : problem(404, 'NaoEncontrado', 'Solicitação não encontrada.');
      }
      const cobr = /^\/cobr\/([^/]+)$/.exec(route);
      if (cobr) {
        const txid = decodeURIComponent(cobr[1]!);
        if (!tools.check('TxId', txid, `${method} /cobr txid`) || !/^[a-zA-Z0-9]{26,35}$/.test(txid)) return problem(400, 'RequisicaoInvalida', 'txid inválido.');
        if (method === 'GET') {
          const c = cobrs.get(txid);
          if (!c) return problem(404, 'NaoEncontrado', 'Cobrança recorrente não encontrada.');
          const out = cobrAnswer(c);
          tools.check('CobRCompleta', out, 'answer of GET /cobr');
          return { status: 200, body: out };
        }
        if (method === 'PATCH') {
          const c = cobrs.get(txid);
          if (!c) return problem(404, 'NaoEncontrado', 'Cobrança recorrente não encontrada.');
          if (!tools.check('CobRRevisada', body, 'PATCH /cobr')) return problem(400, 'CobROperacaoInvalida', 'Revisão fora do schema.');
          c.status = 'CANCELADA';
          c.atualizacao.push({ status: 'CANCELADA', data: now() });
          return { status: 200, body: cobrAnswer(c) };
        }
        if (method === 'PUT') {
          if (!tools.check('CobRSolicitada', body, 'PUT /cobr')) return problem(400, 'CobROperacaoInvalida', 'A cobrança recorrente não respeita o schema.');
          if (cobrs.has(txid)) return problem(400, 'CobROperacaoInvalida', 'txid já utilizado.');
          const r = recs.get(String(body.idRec));
          if (r?.status !== 'APROVADA') return problem(400, 'CobROperacaoInvalida', 'A recorrência não está aprovada.');
          const due = Date.parse(`${(body.calendario as { dataDeVencimento: string }).dataDeVencimento}T12:00:00Z`);
          const days = Math.round((due - Date.parse(`${now().slice(0, 10)}T12:00:00Z`)) / 86_400_000);
          if (days < 2 || days > 10) return problem(400, 'CobROperacaoInvalida', 'A cobrança deve ser enviada entre 2 e 10 dias antes do vencimento.');
          const c: FakeCobr = { txid, idRec: String(body.idRec), status: 'ATIVA', body, criacao: now().slice(0, 10), atualizacao: [{ status: 'CRIADA', data: now() }, { status: 'ATIVA', data: now() }], pix: [] };
          cobrs.set(txid, c);
          const out = { ...cobrAnswer(c), politicaRetentativa: undefined };
          delete out.politicaRetentativa;
          tools.check('CobRGerada', out, 'answer of PUT /cobr');
          return { status: 201, body: out };
        }
      }
      return null;
    },
  };
  return state;
}
export type FakePixAutomatic = ReturnType<typeof fakePixAutomatic>;
