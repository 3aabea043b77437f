/**
 * Excalidraw 0.18 renders each colour picker of the selection's panel as `role="dialog"` without a
 * name (axe: aria-dialog-name, serious). Each is named after the heading Excalidraw shows just above
 * it ('Contorno', 'Fundo'), for as long as the editor is open.
 */
export function nameColorPickers(root: HTMLElement): () => void {
  const name = () => {
    for (const dialog of root.querySelectorAll<HTMLElement>('.color-picker-container[role="dialog"]:not([aria-label])')) {
      const heading = dialog.parentElement?.previousElementSibling;
      dialog.setAttribute('aria-label', heading?.tagName === 'H3' && heading.textContent?.trim() ? heading.textContent.trim() : 'Cores');
    }
  };
  name();
  const observer = new MutationObserver(name);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
