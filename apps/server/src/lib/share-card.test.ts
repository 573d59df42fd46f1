import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cardSize, cardSvg, fitText, textWidth } from './share-card.js';

/*
 * The cards' text is measured without a renderer: the estimate must never be narrower than what the renderer
 * draws (else a line would run off the card), and a fitted text keeps every word.
 */
describe('share cards', () => {
  const drawnWidth = async (text: string, size: number) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="120"><text x="0" y="100" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="700" fill="#000">${text}</text></svg>`;
    const { info } = await sharp(Buffer.from(svg)).trim().toBuffer({ resolveWithObject: true });
    return info.width;
  };

  it('estimates every kind of text at least as wide as it is drawn', async () => {
    for (const text of [
      'Bate-papo ao vivo em português',
      'WWWW MMMM mmmm wwww',
      'Sapo cururu na beira do rio',
      'ÁÉÍÓÚ ÇÃÕ 1234567890',
      'iiii llll ffff tttt',
    ]) {
      expect(textWidth(text, 80), text).toBeGreaterThanOrEqual(await drawnWidth(text, 80));
    }
  });

  it('wraps and shrinks a long title into its box, every word kept', () => {
    const title = 'Bate-papo ao vivo em português com gente de todo o mundo lusófono, de Lisboa a Luanda e a São Paulo';
    const fitted = fitText(title, { width: 1040, height: 300, maxSize: 80, minSize: 40, maxLines: 3 });
    expect(fitted.size).toBeLessThan(80);
    expect(fitted.lines.length).toBeLessThanOrEqual(3);
    expect(fitted.lines.join(' ')).toBe(title);
    for (const line of fitted.lines) expect(textWidth(line, fitted.size)).toBeLessThanOrEqual(1040);
    // a short title keeps the largest size on one line.
    expect(fitText('Letras', { width: 1040, height: 300, maxSize: 80, minSize: 40, maxLines: 3 })).toEqual({
      size: 80,
      lines: ['Letras'],
    });
  });

  it('draws the site card whole: its text is all there, inside the card', async () => {
    const svg = cardSvg({ label: 'Papo', title: 'Bate-papo ao vivo em português' });
    const words = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]).join(' ');
    expect(words).toBe('Papo Bate-papo ao vivo em português');
    const metadata = await sharp(Buffer.from(svg)).metadata();
    expect([metadata.width, metadata.height]).toEqual([cardSize.width, cardSize.height]);
  });

  it('draws a page’s card with its title and its whole description, every line inside the card', () => {
    const description =
      'Papo é uma comunidade em português: canais de bate-papo ao vivo ao estilo do IRC, blog, letras de música, lojas, cursos e vídeos.';
    for (const title of ['Início', 'Guia rápido de etiqueta nos canais de bate-papo do Papo']) {
      const svg = cardSvg({ label: 'Papo', title, text: description });
      const texts = [...svg.matchAll(/<text x="(\d+)" y="(\d+)"[^>]*font-size="(\d+)"[^>]*>([^<]*)<\/text>/g)].map(
        (m) => ({ x: Number(m[1]), y: Number(m[2]), size: Number(m[3]), text: m[4] ?? '' }),
      );
      expect(texts.map((t) => t.text).join(' ')).toBe(`Papo ${title} ${description}`);
      for (const line of texts) {
        expect(line.x + textWidth(line.text, line.size), line.text).toBeLessThanOrEqual(cardSize.width - 80);
        expect(line.y, line.text).toBeLessThanOrEqual(cardSize.height - 40);
      }
      // The label, then the title's lines, then the description's, each below the one before.
      const ys = texts.map((t) => t.y);
      expect(ys).toEqual([...ys].sort((a, b) => a - b));
      expect(new Set(ys).size).toBe(ys.length);
    }
  });
});
