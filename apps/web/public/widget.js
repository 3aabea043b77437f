/*
 * Sede — chat do site (decision 0260). The company pastes
 *   <script src="https://<app>/widget.js" data-empresa="<chave pública>" async></script>
 * into its site. A small self-contained script (never the app's bundle): a button and a panel in
 * a shadow root, talking to /api/inbox/public/<key>/… on the script's own origin with CORS. The
 * visitor's signed token stays in this site's localStorage; every text is shown with textContent.
 */
(() => {
  const script = document.currentScript || document.querySelector('script[data-empresa]');
  if (!script) return;
  const key = script.getAttribute('data-empresa') || '';
  if (!/^pk_[\w-]{10,60}$/.test(key) || window.__sedeChat?.[key]) return;
  window.__sedeChat = { ...(window.__sedeChat || {}), [key]: true };
  const base = `${new URL(script.src, location.href).origin}/api/inbox/public/${key}`;
  const storeKey = `sede-chat:${key}`;
  const MAX = 5000;
  let token = null;
  try {
    token = localStorage.getItem(storeKey);
  } catch {}

  const host = document.createElement('div');
  host.setAttribute('data-sede-chat', '');
  const root = host.attachShadow({ mode: 'open' });
  const el = (tag, attrs = {}, text) => {
    const n = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
    if (text !== undefined) n.textContent = text;
    return n;
  };

  const style = el('style');
  style.textContent = `
    :host { all: initial; }
    * { box-sizing: border-box; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
    .launcher { position: fixed; right: 20px; bottom: 20px; z-index: 2147483000; border: 0; border-radius: 999px; padding: 14px 18px; color: #fff; font-size: 15px; font-weight: 600; cursor: pointer; box-shadow: 0 6px 20px rgba(0,0,0,.2); }
    .launcher:focus-visible, button:focus-visible, textarea:focus-visible { outline: 3px solid #111; outline-offset: 2px; }
    .panel { position: fixed; right: 20px; bottom: 84px; z-index: 2147483000; width: min(370px, calc(100vw - 24px)); height: min(540px, calc(100vh - 110px)); background: #fff; color: #111; border-radius: 14px; box-shadow: 0 12px 40px rgba(0,0,0,.25); display: flex; flex-direction: column; overflow: hidden; }
    .panel[hidden] { display: none; }
    header { padding: 14px 16px; color: #fff; display: flex; align-items: center; justify-content: space-between; gap: 8px; }
    header h2 { margin: 0; font-size: 16px; }
    header small { display: block; font-size: 12px; opacity: .9; }
    .close { background: transparent; border: 0; color: #fff; font-size: 22px; cursor: pointer; line-height: 1; padding: 4px 8px; }
    .log { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 8px; background: #f6f7f9; }
    .msg { max-width: 85%; padding: 8px 11px; border-radius: 12px; font-size: 14px; line-height: 1.4; white-space: pre-wrap; overflow-wrap: anywhere; }
    .visitor { align-self: flex-end; color: #fff; border-bottom-right-radius: 4px; }
    .agent, .auto { align-self: flex-start; background: #fff; border: 1px solid #e3e5e8; border-bottom-left-radius: 4px; }
    .auto { font-style: italic; color: #374151; }
    .who { display: block; font-size: 11px; color: #4b5563; margin-bottom: 2px; font-style: normal; }
    .msg a { color: inherit; }
    .msg img { max-width: 100%; border-radius: 8px; display: block; }
    .csat { display: flex; gap: 6px; align-self: flex-start; flex-wrap: wrap; }
    .csat button { border: 1px solid #9ca3af; background: #fff; border-radius: 8px; width: 38px; height: 38px; font-size: 15px; cursor: pointer; color: #111; }
    form { border-top: 1px solid #e3e5e8; padding: 10px; display: flex; gap: 6px; align-items: flex-end; background: #fff; }
    textarea { flex: 1; resize: none; border: 1px solid #9ca3af; border-radius: 8px; padding: 8px; font-size: 14px; min-height: 40px; max-height: 120px; color: #111; }
    .send, .attach { border: 0; border-radius: 8px; padding: 10px 12px; font-size: 14px; font-weight: 600; cursor: pointer; color: #fff; }
    .attach { background: #e5e7eb; color: #111; }
    .error { color: #b91c1c; font-size: 13px; padding: 0 12px 8px; background: #fff; }
    .who-fields { display: grid; grid-template-columns: 1fr 1fr; gap: 6px; padding: 10px 10px 0; background: #fff; border-top: 1px solid #e3e5e8; }
    .who-fields[hidden] { display: none; }
    .who-fields input { min-width: 0; border: 1px solid #9ca3af; border-radius: 8px; padding: 7px 8px; font-size: 13px; color: #111; }
    .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  `;
  root.appendChild(style);

  const launcher = el('button', { class: 'launcher', type: 'button', 'aria-expanded': 'false', 'aria-controls': 'sede-chat-panel' }, 'Fale conosco');
  const panel = el('section', { class: 'panel', id: 'sede-chat-panel', role: 'dialog', 'aria-label': 'Chat', hidden: '' });
  const header = el('header');
  const heading = el('div');
  const title = el('h2', {}, 'Fale conosco');
  const status = el('small', {}, '');
  heading.append(title, status);
  const close = el('button', { class: 'close', type: 'button', 'aria-label': 'Fechar chat' }, '×');
  header.append(heading, close);
  const log = el('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-label': 'Mensagens' });
  const error = el('div', { class: 'error', role: 'alert' });
  const form = el('form');
  const label = el('label', { class: 'sr', for: 'sede-chat-text' }, 'Sua mensagem');
  const text = el('textarea', { id: 'sede-chat-text', rows: '1', maxlength: String(MAX), placeholder: 'Escreva sua mensagem…' });
  const file = el('input', { type: 'file', class: 'sr', tabindex: '-1', 'aria-hidden': 'true', accept: 'image/*,.pdf,.doc,.docx,.xls,.xlsx,.txt,.csv' });
  const attach = el('button', { class: 'attach', type: 'button', 'aria-label': 'Anexar arquivo' });
  const clip = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  for (const [k, v] of Object.entries({ viewBox: '0 0 24 24', width: '18', height: '18', fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round', 'aria-hidden': 'true' })) clip.setAttribute(k, v);
  const clipPath = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  clipPath.setAttribute('d', 'm21.44 11.05-9.19 9.19a6 6 0 0 1-8.49-8.49l8.57-8.57A4 4 0 1 1 18 8.84l-8.59 8.57a2 2 0 0 1-2.83-2.83l8.49-8.48');
  clip.append(clipPath);
  attach.append(clip);
  const send = el('button', { class: 'send', type: 'submit' }, 'Enviar');
  form.append(label, text, file, attach, send);
  // Before the first message: who is writing (optional), so the team can find them in its CRM.
  const who = el('div', { class: 'who-fields' });
  const nameInput = el('input', { type: 'text', maxlength: '120', autocomplete: 'name', placeholder: 'Seu nome (opcional)', 'aria-label': 'Seu nome (opcional)' });
  const emailInput = el('input', { type: 'email', maxlength: '254', autocomplete: 'email', placeholder: 'Seu e-mail (opcional)', 'aria-label': 'Seu e-mail (opcional)' });
  who.append(nameInput, emailInput);
  panel.append(header, log, error, who, form);
  root.append(launcher, panel);

  let config = { title: 'Fale conosco', color: '#2563eb', greeting: '', online: true };
  let conversation = null;
  let source = null;

  const paint = () => {
    for (const n of [launcher, header, send]) n.style.background = config.color;
    title.textContent = config.title;
    launcher.textContent = config.title;
    panel.setAttribute('aria-label', config.title);
    status.textContent = config.online ? 'Online' : 'Fora do horário: deixe sua mensagem';
  };

  const fileUrl = (id) => `${base}/files/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`;

  const render = () => {
    who.hidden = Boolean(token);
    log.textContent = '';
    if (config.greeting) log.append(el('div', { class: 'msg auto' }, config.greeting));
    for (const m of conversation?.messages ?? []) {
      const bubble = el('div', { class: `msg ${m.kind}` });
      if (m.kind === 'visitor') bubble.style.background = config.color;
      if (m.kind === 'agent' && m.authorName) bubble.append(el('span', { class: 'who' }, m.authorName));
      if (m.body) bubble.append(document.createTextNode(m.body));
      if (m.file) {
        if (/^image\//.test(m.file.mime)) bubble.append(el('img', { src: fileUrl(m.file.id), alt: m.file.name }));
        else bubble.append(el('a', { href: fileUrl(m.file.id), target: '_blank', rel: 'noopener' }, `Arquivo: ${m.file.name}`));
      }
      log.append(bubble);
    }
    if (conversation?.csatAsked && conversation.csatScore === null) {
      const row = el('div', { class: 'csat', role: 'group', 'aria-label': 'Avalie o atendimento de 1 a 5' });
      for (let score = 1; score <= 5; score++) {
        const b = el('button', { type: 'button', 'aria-label': `Nota ${score}` }, String(score));
        b.addEventListener('click', () => rate(score));
        row.append(b);
      }
      log.append(row);
    } else if (conversation?.csatScore) {
      log.append(el('div', { class: 'msg auto' }, 'Obrigado pela avaliação!'));
    }
    log.scrollTop = log.scrollHeight;
  };

  const call = async (path, init = {}) => {
    const headers = { ...(init.headers || {}) };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${base}${path}`, { ...init, headers, credentials: 'omit' });
    const body = res.status === 204 ? null : await res.json().catch(() => null);
    if (res.status === 404 && token && path !== '/config') forget();
    if (!res.ok) throw new Error(body?.error || 'Não foi possível enviar. Tente novamente.');
    return body;
  };

  const forget = () => {
    token = null;
    conversation = null;
    source?.close();
    source = null;
    try {
      localStorage.removeItem(storeKey);
    } catch {}
  };

  const refresh = async () => {
    if (!token) return render();
    conversation = await call('/conversation');
    render();
  };

  const listen = () => {
    if (!token || source) return;
    source = new EventSource(`${base}/events?token=${encodeURIComponent(token)}`);
    source.addEventListener('changed', () => refresh().catch(() => {}));
    source.addEventListener('ready', () => refresh().catch(() => {}));
    source.addEventListener('closed', () => {
      forget();
      render();
    });
    // Too many open chats on this browser or network: the server closed the oldest. Listen again
    // when this tab is looked at (the tab in front gets the live replies).
    source.addEventListener('evicted', () => {
      source?.close();
      source = null;
    });
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && token && !source) {
      listen();
      refresh().catch(() => {});
    }
  });

  const rate = async (score) => {
    try {
      await call('/csat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ score }) });
      await refresh();
    } catch (e) {
      error.textContent = e.message;
    }
  };

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = text.value.trim();
    if (!body) return;
    error.textContent = '';
    send.disabled = true;
    try {
      if (!token) {
        const out = await call('/conversations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ body, name: nameInput.value.trim(), email: emailInput.value.trim() }) });
        token = out.token;
        try {
          localStorage.setItem(storeKey, token);
        } catch {}
        conversation = out.conversation;
        render();
        listen();
      } else {
        const out = await call('/messages', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ body }) });
        if (out?.token && out.token !== token) {
          // The old conversation was resolved long ago: the message started a new one.
          token = out.token;
          try {
            localStorage.setItem(storeKey, token);
          } catch {}
          source?.close();
          source = null;
          listen();
        }
        await refresh();
      }
      text.value = '';
    } catch (err) {
      error.textContent = err.message;
    } finally {
      send.disabled = false;
      text.focus();
    }
  });
  text.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      form.requestSubmit();
    }
  });
  attach.addEventListener('click', () => {
    if (!token) {
      error.textContent = 'Envie uma mensagem antes de anexar um arquivo.';
      return;
    }
    file.click();
  });
  file.addEventListener('change', async () => {
    const f = file.files?.[0];
    file.value = '';
    if (!f) return;
    if (f.size > 10 * 1024 * 1024) {
      error.textContent = 'O arquivo pode ter no máximo 10 MB.';
      return;
    }
    error.textContent = '';
    try {
      const kind = f.type.startsWith('image/') ? 'image' : 'document';
      await call(`/files?name=${encodeURIComponent(f.name)}&kind=${kind}`, { method: 'POST', headers: { 'content-type': f.type || 'application/octet-stream' }, body: f });
      await refresh();
    } catch (err) {
      error.textContent = err.message;
    }
  });
  const toggle = (open) => {
    panel.hidden = !open;
    launcher.setAttribute('aria-expanded', String(open));
    if (open) {
      text.focus();
      render();
      refresh().catch(() => {});
      listen();
    }
  };
  launcher.addEventListener('click', () => toggle(panel.hidden));
  close.addEventListener('click', () => {
    toggle(false);
    launcher.focus();
  });
  panel.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') close.click();
  });

  const mount = () => document.body.appendChild(host);
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
  call('/config')
    .then((c) => {
      config = c;
      paint();
      // The panel may already be open: show the greeting that just arrived.
      render();
    })
    .catch(() => {});
  paint();
})();
