import { AtSign, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../components/page-meta';
import { ContactForm } from './contact-form';

/** The contact page /contato (members-area §2): a short introduction and the form. */
export function ContactScreen() {
  const { t } = useTranslation();
  return (
    <article className="max-w-3xl rounded-lg border border-slate-200 bg-white px-5 py-8 shadow-sm sm:px-10 sm:py-10">
      <PageMeta title={t('contact.title')} description={t('meta.contact')} pageType="ContactPage" />
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="hidden size-11 shrink-0 place-items-center rounded-lg bg-emerald-50 text-emerald-700 sm:grid"
        >
          <Mail className="size-6" />
        </span>
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('contact.title')}</h1>
          <p className="mt-3 text-base leading-7 text-slate-600">{t('contact.intro')}</p>
          <p className="mt-2 flex items-center gap-2 text-sm text-slate-500">
            <AtSign className="size-4 shrink-0" aria-hidden="true" />
            {t('contact.responseTime')}
          </p>
        </div>
      </div>
      <div className="mt-8 border-t border-slate-100 pt-8">
        <ContactForm />
      </div>
    </article>
  );
}
