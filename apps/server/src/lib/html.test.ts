import { describe, expect, it } from 'vitest';
import { findActiveContent, xssPayloads } from '../test/xss.js';
import { htmlToText, sanitizeArticleHtml } from './html.js';

const origin = 'https://papo.example';
const upload = '/uploads/articles/0123456789abcdef0123456789abcdef.webp';

describe('sanitizeArticleHtml', () => {
  it.each(xssPayloads.map((payload) => [payload]))('leaves %s inert', (payload) => {
    expect(findActiveContent(sanitizeArticleHtml(payload, origin))).toEqual([]);
  });

  it('keeps the allowed structure', () => {
    const html =
      '<h2>Título</h2><p>Um <strong>texto</strong> <em>bom</em>.</p><ul><li>um</li></ul><blockquote>citação</blockquote>';
    expect(sanitizeArticleHtml(html, origin)).toBe(html);
  });

  it('marks external links noopener nofollow and leaves own links alone', () => {
    expect(sanitizeArticleHtml('<a href="https://other.example/x">x</a>', origin)).toBe(
      '<a href="https://other.example/x" rel="noopener nofollow" target="_blank">x</a>',
    );
    expect(sanitizeArticleHtml('<a href="/blog/outro" rel="me">x</a>', origin)).toBe('<a href="/blog/outro">x</a>');
    expect(sanitizeArticleHtml(`<a href="${origin}/lyrics/x">x</a>`, origin)).toBe(
      `<a href="${origin}/lyrics/x">x</a>`,
    );
  });

  it('keeps images from /uploads/ (also as absolute URLs of the site) and drops others', () => {
    expect(sanitizeArticleHtml(`<img src="${upload}" alt="capa">`, origin)).toBe(
      `<img src="${upload}" alt="capa" loading="lazy" />`,
    );
    expect(sanitizeArticleHtml(`<img src="${origin}${upload}">`, origin)).toBe(
      `<img src="${upload}" loading="lazy" />`,
    );
    expect(sanitizeArticleHtml('<p>a<img src="https://evil.example/x.png">b</p>', origin)).toBe('<p>ab</p>');
  });

  it('rebuilds YouTube embeds from the id on the privacy-enhanced domain', () => {
    expect(
      sanitizeArticleHtml(
        '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1" width="9"></iframe>',
        origin,
      ),
    ).toBe(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="YouTube" allowfullscreen loading="lazy"></iframe>',
    );
    expect(sanitizeArticleHtml('<iframe src="https://vimeo.com/embed/123"></iframe><p>x</p>', origin)).toBe('<p>x</p>');
    // The start time is the one player option kept: whole seconds only.
    expect(
      sanitizeArticleHtml('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?rel=1&start=10"></iframe>', origin),
    ).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=10"');
    expect(
      sanitizeArticleHtml('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?start=1e9"></iframe>', origin),
    ).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
  });

  it('keeps sub- and superscript, highlight, a list’s first number and a code block’s line breaks', () => {
    expect(
      sanitizeArticleHtml(
        '<p>H<sub>2</sub>O x<sup>2</sup> <mark style="color:red">m</mark></p><ol start="3" type="a"><li>c</li></ol>',
        origin,
      ),
    ).toBe('<p>H<sub>2</sub>O x<sup>2</sup> <mark>m</mark></p><ol start="3"><li>c</li></ol>');
    expect(sanitizeArticleHtml('<pre><code>a\n  b\n\nc</code></pre>', origin)).toBe(
      '<pre><code>a\n  b\n\nc</code></pre>',
    );
  });
});

describe('htmlToText', () => {
  it('gives readable text with entities decoded and no markup', () => {
    expect(htmlToText('<h2>Olá</h2><p>Tom &amp; Jerry &lt;3</p><script>x()</script><p>fim<br>linha</p>')).toBe(
      'Olá Tom & Jerry <3 fim linha',
    );
  });
});
