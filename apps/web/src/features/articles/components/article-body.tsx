/**
 * HTML the server sanitised with its one allow-list (apps/server/src/lib/html.ts) on write and again
 * when serving it; the client adds nothing to it. Articles and lyrics are written in Brazilian Portuguese, whatever the
 * interface's language (`lang`, for screen readers, translators and search engines).
 */
export function ArticleBody({ html }: { html: string }) {
  return (
    <div
      data-testid="article-body"
      lang="pt-BR"
      className="article-body space-y-4 text-base leading-relaxed text-slate-800 [&_a]:font-semibold [&_a]:text-emerald-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-emerald-200 [&_blockquote]:pl-4 [&_blockquote]:italic [&_figcaption]:mt-1 [&_figcaption]:text-center [&_figcaption]:text-sm [&_figcaption]:text-slate-600 [&_hr]:my-6 [&_hr]:border-slate-300 [&_h2]:pt-2 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:text-lg [&_h3]:font-semibold [&_iframe]:aspect-video [&_iframe]:h-auto [&_iframe]:w-full [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm [&_td]:border [&_td]:border-slate-300 [&_td]:px-2 [&_td]:py-1.5 [&_td]:align-top [&_td]:[overflow-wrap:break-word] [&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:px-2 [&_th]:py-1.5 [&_th]:text-left [&_th]:align-top [&_th]:font-semibold [&_th]:[overflow-wrap:break-word]"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
