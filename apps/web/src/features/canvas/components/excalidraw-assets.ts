declare global {
  interface Window {
    EXCALIDRAW_ASSET_PATH?: string | string[];
  }
}

/**
 * Excalidraw's fonts come from our own origin (copied into the build by vite.config.ts), never a
 * CDN: the CSP allows 'self' only (decision 0297). Excalidraw reads the path when its module is
 * evaluated, so it is set before the editor's chunk is imported.
 */
export function setExcalidrawAssetPath() {
  window.EXCALIDRAW_ASSET_PATH = '/excalidraw/';
}
