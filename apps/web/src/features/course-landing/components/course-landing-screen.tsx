import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { QueryView } from '../../../components/ui/load-state';
import { PageMeta } from '../../../components/page-meta';
import { useCourseLanding } from '../api/get-course-landing';
import { textList } from '../../../lib/i18n';

/** The promotional page of the paid course (empty layout): a muted autoplaying video and the checkout button. */
export function CourseLandingScreen() {
  const { t } = useTranslation();
  const landing = useCourseLanding();
  return (
    <div className="mx-auto max-w-3xl py-6 text-center">
      <PageMeta title={t('courseLanding.title')} description={t('meta.courseLanding')} card="courses" />
      <p className="text-sm font-semibold uppercase tracking-wide text-emerald-700">{t('courseLanding.kicker')}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('courseLanding.title')}</h1>
      <p className="mx-auto mt-3 max-w-2xl text-base text-slate-600">{t('courseLanding.pitch')}</p>
      <QueryView query={landing}>
        {(data) => (
          <>
            <div className="relative mt-8 aspect-video w-full overflow-hidden rounded-2xl bg-black shadow-xl">
              <iframe
                src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(data.videoId)}?autoplay=1&mute=1&rel=0&playsinline=1`}
                title={t('courseLanding.videoTitle')}
                allow="autoplay; encrypted-media; picture-in-picture"
                allowFullScreen
                className="absolute inset-0 size-full border-0"
              />
            </div>
            <ul className="mx-auto mt-8 grid max-w-2xl gap-3 text-left sm:grid-cols-3">
              {textList(t, 'courseLanding.points').map((point) => (
                <li
                  key={point}
                  className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm"
                >
                  {point}
                </li>
              ))}
            </ul>
            {data.checkoutUrl.startsWith('/') ? (
              // no outside checkout configured: the site's own contact page, in the same tab (a relative link).
              <Link
                to={data.checkoutUrl}
                data-testid="course-checkout"
                className={`${buttonClass({ size: 'lg' })} mt-8 px-6 py-4 text-lg`}
              >
                {t('courseLanding.buy')}
              </Link>
            ) : (
              <a
                href={data.checkoutUrl}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="course-checkout"
                className={`${buttonClass({ size: 'lg' })} mt-8 px-6 py-4 text-lg`}
              >
                {t('courseLanding.buy')}
                <ExternalLink className="size-5" aria-hidden="true" />
                <span className="sr-only">{t('courseLanding.newTab')}</span>
              </a>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}
