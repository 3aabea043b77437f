import { type ReactNode, useEffect, useRef, useState } from 'react';

type PdfDoc = { numPages: number; getPage(n: number): Promise<PdfPage> };
type PdfTask = { promise: Promise<PdfDoc>; destroy(): Promise<void> };
type PdfPage = {
  getViewport(o: { scale: number }): { width: number; height: number };
  render(o: { canvas: HTMLCanvasElement; canvasContext: CanvasRenderingContext2D; viewport: { width: number; height: number } }): { promise: Promise<void> };
};

/**
 * The browser's next idle moment (a timer where it has no requestIdleCallback, as in Safari), at
 * most a second away: a page that is never idle (a busy machine, a dialog's work) starved the PDF,
 * which stayed 'Carregando o documento…' without ever being asked for.
 */
const idle = () =>
  new Promise<void>((resolve) => {
    if (window.requestIdleCallback) window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else window.setTimeout(resolve, 1);
  });

/**
 * pdf.js and its worker load only on the pages that show a PDF (decision 0551), once the page
 * itself is on screen and idle (decision 0630): its 130 KB never hold up the signing page's own code.
 */
async function openPdf(url: string): Promise<PdfTask> {
  await idle();
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs.getDocument({ url, withCredentials: false }) as unknown as PdfTask;
}

/**
 * Every page of the PDF at the width of its column (phones first), each a labelled image for
 * screen readers; `overlay` draws over a page (the fields, decision 0590) in a box of its size.
 */
export function PdfPages({ url, title, overlay }: { url: string; title: string; overlay?: (page: number) => ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [pages, setPages] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let task: PdfTask | null = null;
    (async () => {
      try {
        task = await openPdf(url);
        const doc = await task.promise;
        if (cancelled) return;
        setPages(doc.numPages);
        const width = Math.max(280, box.current?.clientWidth ?? 600);
        const ratio = Math.min(window.devicePixelRatio || 1, 2);
        for (let n = 1; n <= doc.numPages && !cancelled; n++) {
          const page = await doc.getPage(n);
          const base = page.getViewport({ scale: 1 });
          const viewport = page.getViewport({ scale: (width / base.width) * ratio });
          const canvas = box.current?.querySelector<HTMLCanvasElement>(`canvas[data-page="${n}"]`);
          const context = canvas?.getContext('2d');
          if (!canvas || !context) continue;
          canvas.width = viewport.width;
          canvas.height = viewport.height;
          await page.render({ canvas, canvasContext: context, viewport }).promise;
        }
        if (!cancelled) setState('ready');
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [url]);

  return (
    <div ref={box} className="grid gap-3" data-testid="pdf-pages" data-state={state}>
      {state === 'loading' && (
        <p role="status" className="text-sm text-slate-600">
          Carregando o documento…
        </p>
      )}
      {state === 'failed' && (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível mostrar o documento aqui.{' '}
          <a href={url} className="underline" target="_blank" rel="noreferrer">
            Abra o PDF
          </a>{' '}
          para lê-lo.
        </p>
      )}
      {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
        // One shape whether or not there is an overlay: a canvas swapped for another would lose its drawing.
        <div key={n} className="relative">
          <canvas data-page={n} role="img" aria-label={`${title}: página ${n} de ${pages}`} className="block h-auto w-full rounded border border-slate-200 bg-white shadow-sm" />
          {state === 'ready' && overlay?.(n)}
        </div>
      ))}
    </div>
  );
}
