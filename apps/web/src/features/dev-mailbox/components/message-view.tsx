import { ArrowLeft } from 'lucide-react';
import { dateTime } from '@sede/shared/format';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMessage } from '../api/get-message.ts';
import { LinkifiedText } from './linkified-text.tsx';

// Links inside the HTML open in a new tab; the sandbox (no scripts, no same origin) keeps the mail inert.
// The <base> goes after <head> or <html>: before the doctype it would switch the page to quirks mode.
function withBaseTarget(html: string) {
  const base = '<base target="_blank">';
  const tag = /<head[^>]*>|<html[^>]*>/i.exec(html);
  if (!tag) return base + html;
  const at = tag.index + tag[0].length;
  return html.slice(0, at) + base + html.slice(at);
}

export function MessageView({ id, onBack }: { id: string; onBack: () => void }) {
  const message = useMessage(id);
  return (
    <article className="grid gap-4" aria-labelledby="mail-subject">
      <div>
        <Button variant="ghost" size="sm" className="-ml-3" onClick={onBack}>
          <ArrowLeft aria-hidden />
          Voltar à lista
        </Button>
      </div>
      {message.isPending && <Spinner label="Carregando mensagem..." />}
      {message.isError && <p role="alert" className="text-sm text-red-700">{message.error.message}</p>}
      {message.data && (
        <>
          <header className="grid gap-1 border-b border-slate-200 pb-3">
            <h2 id="mail-subject" className="text-lg font-semibold text-slate-900">{message.data.subject}</h2>
            <p className="text-sm text-slate-600">
              Para <span className="break-all font-medium text-slate-800">{message.data.to}</span> ·{' '}
              <time dateTime={message.data.sentAt}>{dateTime(message.data.sentAt)}</time>
            </p>
          </header>
          <section className="grid gap-2" aria-label="Texto">
            <h3 className="text-xs font-medium uppercase tracking-wide text-slate-600">Texto</h3>
            <LinkifiedText text={message.data.text} />
          </section>
          <section className="grid gap-2" aria-label="HTML">
            <h3 className="text-xs font-medium uppercase tracking-wide text-slate-600">HTML</h3>
            <iframe
              title={`HTML de: ${message.data.subject}`}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              srcDoc={withBaseTarget(message.data.html)}
              className="h-[28rem] w-full rounded-[var(--radius-ui)] border border-slate-200 bg-white"
            />
          </section>
        </>
      )}
    </article>
  );
}
