import type { BioSection } from '@papo/contract/bio';
import clsx from 'clsx';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { openLearnMore } from '../lib/learn-more';
import { uploadSrc } from '../lib/images';

/** Where a tag link leads: the bio page finds the year holding the tag and shows it. */
export function bioTagPath(tag: string): string {
  return `/bio?tag=${encodeURIComponent(tag)}`;
}

/** `[start, end)` ranges of `text` wrapped in `<mark>` (search highlights). */
export function Highlighted({ text, marks }: { text: string; marks: readonly (readonly [number, number])[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [from, to] of marks) {
    if (from < at) continue;
    parts.push(
      text.slice(at, from),
      <mark key={from} className="rounded-sm bg-amber-200 px-0.5 text-slate-900">
        {text.slice(from, to)}
      </mark>,
    );
    at = to;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A paragraph whose mentions of `tags` are links (public-site §2.4): each opens the tag's learn-more card
 * and goes to the year section holding it.
 */
function TaggedText({ text, tags }: { text: string; tags: readonly string[] }) {
  const names = [...tags].filter(Boolean).sort((a, b) => b.length - a.length);
  if (!names.length) return <>{text}</>;
  const pattern = new RegExp(`(${names.map(escapeRegExp).join('|')})`, 'gi');
  return (
    <>
      {text.split(pattern).map((part, i) => {
        const tag = i % 2 === 1 ? names.find((name) => name.toLowerCase() === part.toLowerCase()) : undefined;
        if (!tag) return <Fragment key={i}>{part}</Fragment>;
        return (
          <Link
            key={i}
            to={bioTagPath(tag)}
            onClick={() => openLearnMore(tag)}
            className="rounded font-semibold text-emerald-800 underline decoration-emerald-300 underline-offset-2 hover:decoration-emerald-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
          >
            {part}
          </Link>
        );
      })}
    </>
  );
}

interface BioCardProps {
  section: BioSection;
  /** The heading level the card's title takes on its page. */
  as?: 'h2' | 'h3';
  /** Narrow places (the right-hand panel) stack the photo above the text whatever the layout. */
  compact?: boolean;
  id?: string;
  children?: ReactNode;
}

/**
 * One bio section (public-site §2.4): layout-1 photo above the text, layout-3 a tall photo above,
 * layout-2 (the default with a photo) the photo beside the text; tag names in the text are links.
 */
export function BioCard({ section, as: Title = 'h2', compact = false, id, children }: BioCardProps) {
  const photo = section.photoPath ? uploadSrc(section.photoPath) : null;
  const beside = Boolean(photo) && section.layout === 'layout-2' && !compact;
  // in a narrow panel, layout-2 keeps its photo beside the text as a small thumbnail the text wraps.
  const thumbnail = Boolean(photo) && section.layout === 'layout-2' && compact;
  return (
    <article
      id={id}
      aria-labelledby={`${id ?? `bio-${section.id}`}-title`}
      className="scroll-mt-20 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className={clsx(beside && 'sm:flex sm:gap-5')}>
        {photo && (
          <img
            src={photo}
            alt={section.description}
            width={600}
            height={section.layout === 'layout-3' ? 800 : 600}
            loading="lazy"
            className={clsx(
              'rounded-md bg-slate-100 object-cover',
              thumbnail && 'float-left mb-1 mr-3 aspect-square w-20',
              beside && 'mb-4 aspect-square w-full sm:mb-0 sm:w-48 sm:shrink-0',
              !beside && !thumbnail && 'mb-4 w-full',
              !beside &&
                !thumbnail &&
                (section.layout === 'layout-3' ? 'aspect-[3/4] sm:max-h-[32rem] sm:w-auto' : 'aspect-[16/9]'),
            )}
          />
        )}
        <div className="min-w-0">
          <Title
            id={`${id ?? `bio-${section.id}`}-title`}
            tabIndex={-1}
            className={clsx(
              'font-bold tracking-tight text-slate-900 focus:outline-none',
              compact ? 'pr-8 text-base' : 'text-xl',
            )}
          >
            {section.tag}
          </Title>
          {section.paragraphs.map((paragraph, i) => (
            <p key={i} className={clsx('mt-2 leading-7 text-slate-700', compact ? 'text-sm leading-6' : 'text-base')}>
              <TaggedText text={paragraph} tags={section.tags} />
            </p>
          ))}
          {children}
        </div>
        {thumbnail && <div className="clear-both" />}
      </div>
    </article>
  );
}
