import sharp from 'sharp';
import { logoSvg, type IconPurpose } from './logo.js';

/** The PNG of the logo at `size` pixels square, rendered from its SVG. */
export async function renderIcon(size: number, purpose: IconPurpose = 'any'): Promise<Buffer> {
  // the SVG is 32 units wide; a density of 72 × size / 32 renders it at exactly `size` pixels, sharp edges included.
  return sharp(Buffer.from(logoSvg(purpose)), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * An .ico holding PNG images (the format every browser since 2007 reads): a 6-byte header, a 16-byte entry per
 * image (its size, where it starts and how long it is), then the images.
 */
export function packIco(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16);
    // 0 stands for 256 pixels.
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    entries.push(entry);
    offset += png.length;
  }
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}
