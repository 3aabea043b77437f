const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Plain text with its addresses as links (the e-mails' confirmation and reset links). */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <p className="whitespace-pre-wrap break-words text-sm text-slate-800">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="break-all text-[var(--color-accent)] underline underline-offset-2">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}
