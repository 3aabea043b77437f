import type { Ref } from 'react';

/**
 * The hidden input behind a 'choose files' button, with its label for screen readers: the chosen
 * files go to `onFiles`, then it is cleared so the same file can be chosen again.
 */
export function HiddenFileInput({ id, label, accept, testId, onFiles, ref }: { id: string; label: string; accept: string; testId: string; onFiles: (files: FileList) => void; ref?: Ref<HTMLInputElement> }) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        type="file"
        multiple
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        data-testid={testId}
        onChange={(e) => {
          if (e.target.files?.length) onFiles(e.target.files);
          e.target.value = '';
        }}
      />
    </>
  );
}
