import { ArrowRight, EyeOff, MessageCircle, Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';

/** The welcome section: a short pitch, the calls to action (signing up only for visitors) and three promises. */
export function Welcome() {
  const { t } = useTranslation();
  const signedIn = useSession() !== null;
  const promises = [
    { icon: Radio, title: t('home.promises.live.title'), text: t('home.promises.live.text') },
    { icon: MessageCircle, title: t('home.promises.private.title'), text: t('home.promises.private.text') },
    { icon: EyeOff, title: t('home.promises.ephemeral.title'), text: t('home.promises.ephemeral.text') },
  ];
  return (
    <section aria-labelledby="home-welcome-title" className="flex flex-col gap-4 sm:gap-6">
      <div className="rounded-lg bg-linear-to-br from-emerald-800 to-emerald-950 px-6 py-8 text-white shadow-sm sm:px-10 sm:py-12">
        <p className="text-sm font-semibold uppercase tracking-wider text-emerald-200">{t('home.eyebrow')}</p>
        <h1 id="home-welcome-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
          {t('home.heading')}
        </h1>
        <p className="mt-4 max-w-2xl text-base leading-7 text-emerald-50 sm:text-lg">{t('home.lead')}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link
            to={paths.channels}
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-white px-5 py-3 text-sm font-semibold text-emerald-800 shadow-sm hover:bg-emerald-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-emerald-800"
          >
            {t('home.ctaChannels')}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
          {!signedIn && (
            <Link
              to={paths.register}
              data-visitor-only
              className="inline-flex items-center justify-center rounded-lg border border-emerald-300/60 px-5 py-3 text-sm font-semibold text-white hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-emerald-800"
            >
              {t('home.ctaRegister')}
            </Link>
          )}
        </div>
      </div>
      <ul className="grid gap-4 @xl:grid-cols-3">
        {promises.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <Icon className="size-6 text-emerald-700" aria-hidden="true" />
            <h2 className="mt-3 text-base font-semibold text-slate-900">{title}</h2>
            <p className="mt-1 text-sm leading-6 text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
