import type { IrcInfo } from '@papo/contract/irc';
import { PlugZap, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { PageMeta } from '../../../components/page-meta';
import { StatePanel } from '../../../components/ui/state-panel';
import { paths } from '../../../config/paths';
import { useIrcInfo } from '../api/irc-info';
import { ClientGuides, preferredEndpoint } from './client-guides';

function asList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function Settings({ info }: { info: IrcInfo }) {
  const { t } = useTranslation();
  const plain: [string, string][] = info.port === null ? [] : [[t('irc.settings.plainPort'), String(info.port)]];
  const rows: [string, string][] = [
    [t('irc.settings.server'), info.host],
    [t('irc.settings.tlsPort'), info.tlsPort === null ? t('irc.settings.noTls') : String(info.tlsPort)],
    ...plain,
    [t('irc.settings.login'), t('irc.settings.loginValue')],
    [t('irc.settings.pass'), t('irc.settings.passValue')],
    [t('irc.settings.nick'), t('irc.settings.nickValue')],
  ];
  return (
    <section className="mt-8" aria-labelledby="irc-settings">
      <h2 id="irc-settings" className="text-lg font-semibold text-slate-900 sm:text-xl">
        {t('irc.settings.title')}
      </h2>
      <dl
        data-testid="irc-settings"
        className="mt-3 grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[max-content_1fr] sm:p-6"
      >
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-sm font-semibold text-slate-600">{term}</dt>
            <dd className="break-words text-sm text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {info.tlsPort === null && (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm leading-6 text-amber-900">
          <TriangleAlert className="mt-1 size-4 shrink-0" aria-hidden="true" />
          {t('irc.settings.plainWarning')}
        </p>
      )}
    </section>
  );
}

function Bullets({ id, title, items }: { id: string; title: string; items: string[] }) {
  return (
    <section className="mt-8" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900 sm:text-xl">
        {title}
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-6 text-sm leading-6 text-slate-700 marker:text-emerald-700 sm:text-base sm:leading-7">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

function Off() {
  const { t } = useTranslation();
  return (
    <div className="mt-8">
      <StatePanel icon={PlugZap} variant="card" title={t('irc.off.title')} text={t('irc.off.text')} testId="irc-off">
        <Link to={paths.channels} className={buttonClass({ variant: 'primary' })}>
          {t('irc.off.channels')}
        </Link>
      </StatePanel>
    </div>
  );
}

/** `/irc`: how members reach Papo from their own IRC client, or plainly that the gateway is off. */
export function IrcScreen() {
  const { t } = useTranslation();
  const info = useIrcInfo();
  const endpoint = info.data ? preferredEndpoint(info.data) : null;
  return (
    <article className="mx-auto min-w-0 max-w-3xl">
      <PageMeta title={t('irc.title')} description={t('meta.irc')} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('irc.title')}</h1>
      <p className="mt-3 text-base leading-7 text-slate-600">{t('irc.intro')}</p>
      {info.isPending && <LoadingState />}
      {info.isError && (
        <div className="mt-8">
          <ErrorState onRetry={() => void info.refetch()} />
        </div>
      )}
      {info.data && !endpoint && <Off />}
      {info.data && endpoint && (
        <>
          <Settings info={info.data} />
          <Bullets
            id="irc-account"
            title={t('irc.account.title')}
            items={asList(t('irc.account.items', { returnObjects: true }))}
          />
          <ClientGuides endpoint={endpoint} />
          <Bullets
            id="irc-more"
            title={t('irc.more.title')}
            items={asList(t('irc.more.items', { returnObjects: true }))}
          />
        </>
      )}
    </article>
  );
}
