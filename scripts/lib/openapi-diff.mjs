/**
 * What would break an integration between two versions of the public API's OpenAPI document
 * (decision 0643): an operation, a response field or a success status gone; a field that became
 * optional in an answer; a new required parameter or body field; a type changed; an accepted
 * value no longer accepted. Additions (operations, optional fields, answer fields) are not.
 */
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

const resolve = (doc, schema) => {
  let s = schema;
  for (let i = 0; s && s.$ref && i < 20; i++) s = s.$ref.split('/').slice(1).reduce((node, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
  return s ?? {};
};
const typesOf = (s) => (s.type === undefined ? null : [].concat(s.type).filter((t) => t !== 'null').sort().join('|'));

function compareSchema(docs, a, b, mode, where, out) {
  const [oldDoc, newDoc] = docs;
  const x = resolve(oldDoc, a);
  const y = resolve(newDoc, b);
  const tx = typesOf(x);
  const ty = typesOf(y);
  if (tx && ty && tx !== ty) return void out.push(`${where}: o tipo mudou de ${tx} para ${ty}`);
  if (mode === 'request' && Array.isArray(x.enum) && Array.isArray(y.enum)) {
    const gone = x.enum.filter((v) => !y.enum.includes(v));
    if (gone.length) out.push(`${where}: deixou de aceitar ${gone.map((v) => JSON.stringify(v)).join(', ')}`);
  }
  if (mode === 'response' && x.type !== undefined && !([].concat(x.type).includes('null')) && [].concat(y.type ?? []).includes('null')) out.push(`${where}: agora pode vir null`);
  const xp = x.properties ?? {};
  const yp = y.properties ?? {};
  const xr = new Set(x.required ?? []);
  const yr = new Set(y.required ?? []);
  for (const [name, schema] of Object.entries(xp)) {
    const at = `${where}.${name}`;
    if (!(name in yp)) {
      if (mode === 'response') out.push(`${at}: saiu da resposta`);
      else if (y.additionalProperties === false) out.push(`${at}: deixou de ser aceito`);
      continue;
    }
    if (mode === 'response' && xr.has(name) && !yr.has(name)) out.push(`${at}: deixou de vir sempre`);
    compareSchema(docs, schema, yp[name], mode, at, out);
  }
  if (mode === 'request') for (const name of yr) if (!xr.has(name)) out.push(`${where}.${name}: passou a ser obrigatório`);
  if (x.items && y.items) compareSchema(docs, x.items, y.items, mode, `${where}[]`, out);
}

const paramKey = (p) => `${p.in}:${p.name}`;
const jsonSchemaOf = (content) => content?.['application/json']?.schema;

/** The breaking changes from `before` to `after`, in Portuguese (empty: none). */
export function breakingChanges(before, after) {
  const out = [];
  const docs = [before, after];
  for (const [path, item] of Object.entries(before.paths ?? {})) {
    for (const method of METHODS) {
      const old = item?.[method];
      if (!old) continue;
      const op = `${method.toUpperCase()} ${path}`;
      const next = after.paths?.[path]?.[method];
      if (!next) {
        out.push(`${op}: a operação saiu`);
        continue;
      }
      const oldOk = Object.keys(old.responses ?? {}).filter((s) => s.startsWith('2'));
      const newOk = Object.keys(next.responses ?? {}).filter((s) => s.startsWith('2'));
      if (!oldOk.some((s) => newOk.includes(s))) out.push(`${op}: o status de sucesso mudou (${oldOk.join(', ')} → ${newOk.join(', ')})`);
      const oldParams = new Map((old.parameters ?? []).map((p) => [paramKey(p), p]));
      for (const p of next.parameters ?? []) {
        const before_ = oldParams.get(paramKey(p));
        if (!before_ && p.required) out.push(`${op}: novo parâmetro obrigatório ${p.name} (${p.in})`);
        if (before_) {
          if (p.required && !before_.required) out.push(`${op}: o parâmetro ${p.name} passou a ser obrigatório`);
          compareSchema(docs, before_.schema ?? {}, p.schema ?? {}, 'request', `${op} ${p.in} ${p.name}`, out);
        }
      }
      const oldBody = jsonSchemaOf(old.requestBody?.content);
      const newBody = jsonSchemaOf(next.requestBody?.content);
      if (oldBody && newBody) compareSchema(docs, oldBody, newBody, 'request', `${op} corpo`, out);
      else if (!oldBody && newBody && next.requestBody?.required) out.push(`${op}: passou a exigir um corpo`);
      for (const status of oldOk.filter((s) => newOk.includes(s))) {
        const a = jsonSchemaOf(old.responses[status]?.content);
        const b = jsonSchemaOf(next.responses[status]?.content);
        if (a && b) compareSchema(docs, a, b, 'response', `${op} ${status}`, out);
        else if (a && !b) out.push(`${op} ${status}: a resposta deixou de ser JSON`);
      }
    }
  }
  return out;
}
