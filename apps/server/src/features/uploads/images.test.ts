import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanImage, imageSlots } from './images.js';

/** An animated GIF whose every frame is decoded and resized: tens of milliseconds of image work each. */
async function animatedGif(): Promise<Buffer> {
  const [width, height, frames] = [400, 400, 12];
  const raw = Buffer.alloc(width * height * frames * 3);
  for (let i = 0; i < raw.length; i += 3) raw[i] = ((i >> 9) & 7) * 32;
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ colours: 8, effort: 1 })
    .toBuffer();
}

describe('the image pool (decision 032)', () => {
  it('works on at most `imageSlots` images at once, the others waiting without a thread, and finishes every one', async () => {
    const gif = await animatedGif();
    let most = 0;
    let sampling = true;
    const sample = () => {
      most = Math.max(most, sharp.counters().process);
      if (sampling) setImmediate(sample);
    };
    sample();
    const cleaned = await Promise.all(
      Array.from({ length: imageSlots + 3 }, () => cleanImage(gif, { width: 200, height: 200 })),
    );
    sampling = false;
    expect(cleaned.every((image) => image.extension === 'gif' && image.data.length > 0)).toBe(true);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(imageSlots);
  });
});
