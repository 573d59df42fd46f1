import { segmentMessage } from '../lib/rich-text';

/** A message's text with clickable http(s) links and the reader's nickname marked; React escapes the rest. */
export function MessageText({ text, nickname }: { text: string; nickname: string | null }) {
  return (
    <>
      {segmentMessage(text, nickname).map((segment, index) => {
        if (segment.kind === 'link') {
          return (
            <a
              key={index}
              href={segment.href}
              target="_blank"
              rel="noopener noreferrer"
              className="break-all text-emerald-800 underline underline-offset-2 hover:text-emerald-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
            >
              {segment.text}
            </a>
          );
        }
        if (segment.kind === 'mention') {
          return (
            <mark key={index} className="rounded bg-amber-200 px-0.5 font-semibold text-slate-900">
              {segment.text}
            </mark>
          );
        }
        return <span key={index}>{segment.text}</span>;
      })}
    </>
  );
}
