const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Plain text with its addresses as links (the e-mails' confirmation and reset links). */
export function LinkifiedText({ text }: { text: string }) {
  // Each part keyed by where it starts in the text (split keeps the addresses at odd indexes).
  let offset = 0;
  const parts = text.split(URL_PATTERN).map((part, i) => {
    const at = offset;
    offset += part.length;
    return { part, at, link: i % 2 === 1 };
  });
  return (
    <p className="whitespace-pre-wrap break-words text-sm text-slate-800">
      {parts.map(({ part, at, link }) =>
        link ? (
          <a key={at} href={part} className="break-all text-[var(--color-accent)] underline underline-offset-2">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}
