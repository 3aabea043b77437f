/**
 * The short guide at the top of the reference (/api/docs) and of the OpenAPI document's
 * description (decision 0643). Markdown, in Portuguese; `{BASE}` becomes the server's address.
 */
export const GUIDE = `A API pública da Sede, versão 1: contatos, negócios e funis, tarefas e atividades, produtos e orçamentos, projetos, arquivos, contas a pagar e a receber — com a cobrança por Pix ou boleto e a NFS-e — para os seus sistemas.

## Autenticação

Um administrador cria a chave em **Administração → Integrações → Chaves de API**, escolhendo o que ela pode fazer (nunca mais do que ele mesmo pode) e, se quiser, até quando vale. A chave aparece **uma única vez**: guarde-a num cofre de segredos. Envie-a em toda chamada:

\`\`\`bash
curl {BASE}/api/v1/deals \\
  -H "Authorization: Bearer sede_live_…"
\`\`\`

\`\`\`js
const res = await fetch('{BASE}/api/v1/deals', {
  headers: { Authorization: \`Bearer \${process.env.SEDE_API_KEY}\` },
});
const { data, nextCursor } = await res.json();
\`\`\`

Uma chave só enxerga os dados da empresa onde foi criada. Chave ausente, errada, revogada ou vencida: **401**. Chave sem a permissão da rota: **403**. Tudo o que uma chave faz aparece no registro de atividades da empresa em nome dela.

## Erros

Todo erro tem a mesma forma, com a mensagem em português:

\`\`\`json
{ "error": { "code": "VALIDATION_ERROR", "message": "Informe o nome.", "fields": { "name": "Informe o nome." } } }
\`\`\`

## Listas: páginas, filtros e campos

As listas respondem \`{ "data": [...], "nextCursor": "..." }\`. Para a próxima página, repita a chamada com \`cursor=<nextCursor>\`; \`nextCursor\` nulo é a última. \`limit\` vai de 1 a 100 (padrão 50). \`updated_since=2025-01-31T12:00:00Z\` traz só o que mudou a partir desse instante (para sincronizar, guarde o maior \`updatedAt\` recebido). \`fields=id,title,valueCents\` traz só esses campos de cada item.

\`\`\`bash
curl "{BASE}/api/v1/deals?status=open&limit=100&fields=id,title,valueCents,updatedAt" \\
  -H "Authorization: Bearer $SEDE_API_KEY"
\`\`\`

## Idempotência

Todo POST aceita o cabeçalho \`Idempotency-Key\` (um UUID novo por operação). Repetir a chamada com a mesma chave e o mesmo corpo devolve a primeira resposta (com \`Idempotent-Replayed: true\`), sem criar nada de novo — mesmo que as repetições cheguem ao mesmo tempo. A mesma chave com outro corpo responde **409**. As chaves valem por 24 horas.

\`\`\`bash
curl -X POST {BASE}/api/v1/people \\
  -H "Authorization: Bearer $SEDE_API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: 6f1c2a0e-7d4b-4b1e-9a51-3f0c8f1d2e77" \\
  -d '{"name":"Maria Souza","emails":["maria@exemplo.com.br"]}'
\`\`\`

\`\`\`js
await fetch('{BASE}/api/v1/deals', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.SEDE_API_KEY}\`,
    'Content-Type': 'application/json',
    'Idempotency-Key': crypto.randomUUID(),
  },
  body: JSON.stringify({ title: 'Projeto novo', valueCents: 150000, pipelineId }),
});
\`\`\`

## Arquivos

Negócios, orçamentos, projetos e contas recebem arquivos por um formulário \`multipart/form-data\` com o arquivo no campo \`file\`. O tipo é lido do conteúdo (imagem até 20 MB, documento até 50 MB, áudio até 200 MB, vídeo até 500 MB; executáveis nunca). Para baixar, peça um link assinado: ele abre o arquivo sem chave até vencer. Num envio de arquivo, a \`Idempotency-Key\` sozinha identifica a operação (o corpo não é comparado).

\`\`\`bash
curl -X POST "{BASE}/api/v1/files?entityType=deal&entityId=$DEAL_ID" \\
  -H "Authorization: Bearer $SEDE_API_KEY" \\
  -F "file=@contrato.pdf"
\`\`\`

\`\`\`js
const form = new FormData();
form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'contrato.pdf');
const auth = { Authorization: \`Bearer \${process.env.SEDE_API_KEY}\` };
const file = await (await fetch(\`{BASE}/api/v1/files?entityType=deal&entityId=\${dealId}\`, { method: 'POST', headers: auth, body: form })).json();
const { url, expiresAt } = await (
  await fetch(\`{BASE}/api/v1/files/\${file.id}/links\`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ hours: 24 }) })
).json();
\`\`\`

## Tarefas, cobranças e notas

Uma chave vê as tarefas e os arquivos dos registros que as suas permissões alcançam (uma chave só do CRM não vê os de projetos nem os de contas), como quem a criou os vê; por isso uma página de \`/tasks\` pode trazer menos itens que o \`limit\` — siga o \`nextCursor\` até ele ser nulo. Uma conta a receber é cobrada por Pix (\`POST /receivables/{id}/charge\`: o BR Code copia e cola e o QR Code), por um link da página de pagamento ou por boleto (com o emissor configurado pela empresa), e recebe a sua NFS-e (\`POST /receivables/{id}/invoice\`, com o certificado e as configurações da empresa) uma única vez. Um boleto em aberto e uma NFS-e autorizada se cancelam com \`POST /receivables/{id}/boleto/cancel\` e \`POST /receivables/{id}/invoice/cancel\` (com o motivo). Tarefas também ficam em pessoas e organizações (\`entityType\` \`person\` ou \`organization\`, com as permissões de contatos).

## Limites

Cada chave faz até 600 chamadas por minuto (o administrador vê o limite de cada chave). Toda resposta traz \`RateLimit-Limit\`, \`RateLimit-Remaining\` e \`RateLimit-Reset\` (segundos até a janela recomeçar). Passou do limite: **429** com \`Retry-After\` (segundos). O corpo de uma chamada tem no máximo 1 MB (os arquivos têm os limites do seu tipo).

## Formulário do site (captura de leads)

Para o formulário do seu site, crie uma **chave de formulário** (\`sede_form_…\`) com os endereços do site: ela só serve para \`POST /api/v1/leads\`, só desses sites, e pode ficar na página.

\`\`\`js
await fetch('{BASE}/api/v1/leads', {
  method: 'POST',
  headers: { Authorization: 'Bearer sede_form_…', 'Content-Type': 'application/json' },
  body: JSON.stringify({ name, email, phone, message, pipelineId }),
});
\`\`\`

## Webhooks: verificar a assinatura

A Sede avisa os seus sistemas dos eventos (configure em **Administração → Integrações → Webhooks**) seguindo o padrão [Standard Webhooks](https://www.standardwebhooks.com/): cada entrega traz os cabeçalhos \`webhook-id\`, \`webhook-timestamp\` e \`webhook-signature\`, assinados com o segredo do endpoint (\`whsec_…\`, mostrado ao criá-lo). Confira a assinatura com o corpo **exatamente como chegou** (antes de interpretar o JSON) e recuse entregas com mais de 5 minutos. Use o \`webhook-id\` para não processar a mesma entrega duas vezes.

Com a biblioteca \`standardwebhooks\` (npm):

\`\`\`js
import express from 'express';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.SEDE_WEBHOOK_SECRET); // whsec_…
const app = express();
app.post('/webhooks/sede', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = webhook.verify(req.body.toString('utf8'), {
      'webhook-id': req.header('webhook-id'),
      'webhook-timestamp': req.header('webhook-timestamp'),
      'webhook-signature': req.header('webhook-signature'),
    });
  } catch {
    return res.sendStatus(400); // assinatura inválida ou entrega antiga
  }
  // event.type, event.data…
  res.sendStatus(204);
});
\`\`\`

Sem biblioteca (Node.js): a assinatura é \`v1,\` seguido do HMAC-SHA256, em base64, de \`<webhook-id>.<webhook-timestamp>.<corpo>\`, com a chave que é o segredo sem o \`whsec_\`, decodificado de base64.

\`\`\`js
import { createHmac, timingSafeEqual } from 'node:crypto';

function verify(secret, id, timestamp, body, signatures) {
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  return signatures.split(' ').some((s) => {
    const [version, value] = s.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
\`\`\`
`;
