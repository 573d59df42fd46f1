import { Rss } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNews } from '../api/home';
import { HomeSection, SectionError, SectionSkeleton } from './home-section';

const linkClass =
  'rounded font-semibold text-slate-900 hover:text-emerald-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600';

/** A headline's link: this site's own pages (a relative path) in the same tab, outside news in a new one. */
function NewsLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} className={linkClass}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {children}
    </a>
  );
}

/** Quick news (public-site §2.4): the first item emphasised with its image and snippet, the others as links. */
export function QuickNews() {
  const { t } = useTranslation();
  const news = useNews();
  let body;
  if (news.isPending) body = <SectionSkeleton lines={4} picture label={t('homeSections.news.loading')} />;
  else if (news.isError)
    body = <SectionError text={t('homeSections.news.error')} onRetry={() => void news.refetch()} />;
  else if (!news.data.papoNews.length) body = <p className="text-sm text-slate-600">{t('homeSections.news.empty')}</p>;
  else {
    const [first, ...rest] = news.data.papoNews;
    const image = first?.pagemap.cse_image[0]?.src;
    body = (
      <div>
        {first && (
          <article className="flex flex-col gap-3 sm:flex-row">
            {image && (
              <img
                src={image}
                alt=""
                width={192}
                height={128}
                loading="lazy"
                className="aspect-[3/2] w-full shrink-0 rounded-md object-cover sm:w-48"
              />
            )}
            <div className="min-w-0">
              <h3 className="text-base">
                <NewsLink href={first.link}>{first.title}</NewsLink>
              </h3>
              <p className="mt-1 text-sm text-slate-600">{first.snippet}</p>
            </div>
          </article>
        )}
        {rest.length > 0 && (
          <ul className="mt-4 divide-y divide-slate-100 border-t border-slate-100">
            {rest.map((item) => (
              <li key={item.link} className="py-2 text-sm">
                <NewsLink href={item.link}>{item.title}</NewsLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  return (
    <HomeSection id="home-news" title={t('homeSections.news.title')} icon={Rss}>
      {body}
    </HomeSection>
  );
}
