/** What of a received Pix the refunds read (the fake's FakePix, typed here to keep the two files acyclic). */
type ReceivedPix = { endToEndId: string; valor: string };

/** One refund the fake holds (BCB's `Devolucao`). */
export type FakeRefund = { id: string; rtrId: string; valor: string; natureza: string; descricao?: string; horario: { solicitacao: string; liquidacao?: string }; status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO'; motivo?: string };

/**
 * The API Pix's refunds (`PUT/GET /pix/{e2eid}/devolucao/{id}`), kept apart from the charges' fake:
 * `mode` decides what a new refund answers first ('DEVOLVIDO' at once, or 'EM_PROCESSAMENTO' until
 * `finish`). The sum of a Pix's refunds never passes its value (BCB: 400 `PixDevolucaoInvalida`).
 */
export function fakePixRefunds() {
  const refunds = new Map<string, FakeRefund>();
  const state = {
    refunds,
    calls: 0,
    mode: 'DEVOLVIDO' as FakeRefund['status'],
    finish(id: string, status: 'DEVOLVIDO' | 'NAO_REALIZADO' = 'DEVOLVIDO') {
      const r = [...refunds.values()].find((x) => x.id === id);
      if (!r) throw new Error(`fake PSP: no refund ${id}`);
      r.status = status;
      if (status === 'DEVOLVIDO') r.horario.liquidacao = new Date().toISOString();
      else r.motivo = 'Conta do pagador encerrada.';
    },
    /** Answers a refund route, or null when the route is another's. */
    handle(method: string, route: string, body: Record<string, unknown>, received: ReceivedPix[]): { status: number; body: unknown } | null {
      const m = /^\/pix\/([^/]+)\/devolucao\/([^/]+)$/.exec(route);
      if (!m) return null;
      const e2e = decodeURIComponent(m[1]!);
      const id = decodeURIComponent(m[2]!);
      const key = `${e2e}/${id}`;
      const problem = (status: number, title: string, detail: string) => ({ status, body: { type: `https://pix.bcb.gov.br/api/v2/error/${title}`, title, status, detail } });
      if (method === 'GET') return refunds.has(key) ? { status: 200, body: refunds.get(key) } : problem(404, 'NaoEncontrado', 'Devolução não encontrada.');
      if (method !== 'PUT') return problem(405, 'MetodoNaoPermitido', 'Método não permitido.');
      state.calls++;
      const pix = received.find((p) => p.endToEndId === e2e);
      if (!pix) return problem(404, 'NaoEncontrado', 'Pix não encontrado.');
      if (refunds.has(key)) return problem(400, 'PixDevolucaoInvalida', 'id de devolução já utilizado.');
      if (typeof body.valor !== 'string' || !/^\d{1,10}\.\d{2}$/.test(body.valor)) return problem(400, 'PixDevolucaoInvalida', 'valor inválido.');
      if (body.natureza !== undefined && body.natureza !== 'ORIGINAL' && body.natureza !== 'RETIRADA') return problem(400, 'PixDevolucaoInvalida', 'natureza inválida.');
      if (typeof body.descricao === 'string' && body.descricao.length > 140) return problem(400, 'PixDevolucaoInvalida', 'descricao longa demais.');
      const cents = (v: string) => Math.round(Number(v) * 100);
      const done = [...refunds.entries()].filter(([k, r]) => k.startsWith(`${e2e}/`) && r.status !== 'NAO_REALIZADO').reduce((n, [, r]) => n + cents(r.valor), 0);
      if (done + cents(body.valor) > cents(pix.valor)) return problem(400, 'PixDevolucaoInvalida', 'A soma das devoluções ultrapassa o valor do Pix.');
      const now = new Date().toISOString();
      const r: FakeRefund = {
        id,
        rtrId: `D${e2e.slice(1, 32)}`.slice(0, 32),
        valor: body.valor,
        natureza: String(body.natureza ?? 'ORIGINAL'),
        ...(typeof body.descricao === 'string' ? { descricao: body.descricao } : {}),
        horario: { solicitacao: now, ...(state.mode === 'DEVOLVIDO' ? { liquidacao: now } : {}) },
        status: state.mode,
        ...(state.mode === 'NAO_REALIZADO' ? { motivo: 'Conta do pagador encerrada.' } : {}),
      };
      refunds.set(key, r);
      return { status: 201, body: r };
    },
  };
  return state;
}
export type FakePixRefunds = ReturnType<typeof fakePixRefunds>;
