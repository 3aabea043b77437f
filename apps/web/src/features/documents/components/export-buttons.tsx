import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

/** Downloads of the document as the server renders them (PDF and Word), images included. */
export function ExportButtons({ documentId, beforeExport }: { documentId: string; beforeExport: () => Promise<void> }) {
  const href = (format: 'pdf' | 'docx') => `/api/documents/${documentId}/export?formato=${format}`;
  return (
    <>
      {(['pdf', 'docx'] as const).map((format) => (
        <Button key={format} asChild variant="secondary" size="sm">
          <a
            href={href(format)}
            onClick={async (e) => {
              // Save what is on screen first, so the file has it.
              e.preventDefault();
              await beforeExport();
              window.location.assign(href(format));
            }}
          >
            <Download aria-hidden /> {format === 'pdf' ? 'PDF' : 'Word'}
          </a>
        </Button>
      ))}
    </>
  );
}
