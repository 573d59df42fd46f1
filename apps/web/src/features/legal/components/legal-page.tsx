import clsx from 'clsx';
import { Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { PageMeta } from '../../../components/page-meta';
import { paths } from '../../../config/paths';

/** One titled block of a static page; `items` render as a bulleted list after the paragraphs. */
export interface TextSection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** Narrows what `t(key, { returnObjects: true })` gave back; a malformed locale renders nothing instead of crashing. */
export function asSections(value: unknown): TextSection[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is TextSection =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.title === 'string' &&
      isStringList(item.paragraphs) &&
      (item.items === undefined || isStringList(item.items)),
  );
}

function SectionBlock({ section }: { section: TextSection }) {
  return (
    <section className="mt-8">
      <h2 className="text-lg font-semibold text-slate-900 sm:text-xl">{section.title}</h2>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph} className="mt-3 leading-7 text-slate-700">
          {paragraph}
        </p>
      ))}
      {section.items && (
        <ul className="mt-3 list-disc space-y-2 pl-6 leading-7 text-slate-700 marker:text-emerald-700">
          {section.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface LegalPageProps {
  title: string;
  /** What search engines and link previews show of the page. */
  description: string;
  pageType?: 'WebPage' | 'AboutPage';
  intro: string;
  sections: TextSection[];
  /** Extra content placed after the sections (the About page's hierarchy). */
  children?: ReactNode;
}

/** Layout of the static pages (terms, privacy, about): title, lead, sections and a way to reach us. */
export function LegalPage({ title, description, pageType, intro, sections, children }: LegalPageProps) {
  const { t } = useTranslation();
  return (
    <article className="max-w-3xl rounded-lg border border-slate-200 bg-white px-5 py-8 shadow-sm sm:px-10 sm:py-10">
      <PageMeta title={title} description={description} pageType={pageType} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-4 text-base leading-7 text-slate-600 sm:text-lg sm:leading-8">{intro}</p>
      {sections.map((section) => (
        <SectionBlock key={section.title} section={section} />
      ))}
      {children}
      <section className="mt-10 flex flex-col gap-4 rounded-lg bg-emerald-50 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-base font-semibold text-slate-900">{t('legal.contactTitle')}</h2>
          <p className="mt-1 text-sm leading-6 text-slate-700">{t('legal.contactText')}</p>
        </div>
        <Link to={paths.contact} className={clsx(buttonClass({ variant: 'primary' }), 'shrink-0')}>
          <Mail className="size-4" aria-hidden="true" />
          {t('legal.contactLink')}
        </Link>
      </section>
    </article>
  );
}
