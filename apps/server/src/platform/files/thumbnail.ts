import { Readable } from 'node:stream';
import { THUMBNAIL_SIZE } from '@sede/shared/platform/files';
import type { FileStorage } from './storage.ts';

/** At most 40 megapixels decoded: a tiny file claiming a huge image (a "bomb") is not thumbnailed. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A 320 px WebP thumbnail of a stored image (sharp), fitting inside the square, never enlarged,
 * turned by its EXIF orientation. False (and no thumbnail) when the image cannot be decoded.
 */
export async function makeThumbnail(storage: FileStorage, key: string, thumbnailKey: string): Promise<boolean> {
  // On the local disk libvips reads the file itself, in its worker thread (decision 0764): no read
  // stream piped through the event loop; any other storage streams the object into sharp.
  const path = storage.localPath?.(key);
  const source = path ? null : await storage.get(key);
  if (!path && !source) return false;
  try {
    // Loaded on the first image (~0.2 s of imports kept out of the server's start).
    const { default: sharp } = await import('sharp');
    const options = { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true };
    const transform = (path ? sharp(path, options) : sharp(options))
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      // libwebp's effort 2 instead of its default 4: a third less CPU per image (decoding the
      // source is the rest), the same look at 320 px; the library's thumbnails rate depends on it.
      .webp({ quality: 75, effort: 2 });
    source?.pipe(transform);
    const data = await transform.toBuffer();
    await storage.put(thumbnailKey, Readable.from([data]), 'image/webp');
    return true;
  } catch (e) {
    source?.destroy();
    // A missing file is no thumbnail, as a missing object is.
    if ((e as Error).message.includes('file is missing')) return false;
    console.warn('[files] no thumbnail for', key, (e as Error).message);
    return false;
  }
}
