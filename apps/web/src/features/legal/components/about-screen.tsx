import { useTranslation } from 'react-i18next';
import { LegalPage, asSections } from './legal-page';

/** IRC prefixes of the four statuses, in the order the locale lists them (lowest first). */
const statusPrefixes = ['+', '@', '&', '~'] as const;

interface ChannelStatus {
  name: string;
  text: string;
}

function asStatuses(value: unknown): ChannelStatus[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is ChannelStatus =>
      typeof item === 'object' && item !== null && typeof item.name === 'string' && typeof item.text === 'string',
  );
}

/** About us, /sobre-nos: what Papo is, that chats are not stored, and the channel hierarchy. */
export function AboutScreen() {
  const { t } = useTranslation();
  const statuses = asStatuses(t('about.hierarchy.statuses', { returnObjects: true }));
  return (
    <LegalPage
      title={t('about.title')}
      description={t('meta.about')}
      pageType="AboutPage"
      intro={t('about.intro')}
      sections={asSections(t('about.sections', { returnObjects: true }))}
    >
      <section className="mt-8" aria-labelledby="about-hierarchy">
        <h2 id="about-hierarchy" className="text-lg font-semibold text-slate-900 sm:text-xl">
          {t('about.hierarchy.title')}
        </h2>
        <p className="mt-3 leading-7 text-slate-700">{t('about.hierarchy.intro')}</p>
        <dl className="mt-4 grid gap-3 sm:grid-cols-2">
          {statuses.map((status, index) => (
            <div key={status.name} className="rounded-lg border border-slate-200 p-4">
              <dt className="flex items-center gap-2 font-semibold text-slate-900">
                <span
                  className="grid size-7 place-items-center rounded-lg bg-slate-900 font-mono text-sm text-emerald-300"
                  aria-hidden="true"
                >
                  {statusPrefixes[index]}
                </span>
                {status.name}
              </dt>
              <dd className="mt-2 text-sm leading-6 text-slate-700">{status.text}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 leading-7 text-slate-700">{t('about.hierarchy.staff')}</p>
      </section>
    </LegalPage>
  );
}
