import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from '../../components/not-found';
import { PageTitle } from '../../components/page-title';
import { Button } from '../../components/ui/button';

/** Last-resort screen when a route fails to load or render (for instance a stale chunk after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <main id="main-content" className="min-h-dvh bg-slate-50 px-4 py-12">
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <NotFound />
      ) : (
        <section className="mx-auto max-w-lg text-center">
          <PageTitle title={t('errors.pageTitle')} />
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('errors.pageTitle')}</h1>
          <p className="mt-3 text-slate-600">{t('errors.pageText')}</p>
          <Button onClick={() => window.location.reload()} className="mt-8">
            <RotateCw className="size-4" aria-hidden="true" />
            {t('errors.reload')}
          </Button>
        </section>
      )}
    </main>
  );
}
