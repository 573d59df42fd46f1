import { slugify } from '@papo/contract/slug';
import { storeLimits, type StoreCountry } from '@papo/contract/stores';
import { EyeOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { PageTitle } from '../../../components/page-title';
import { SaveOutcome } from '../../../components/save-outcome';
import { errorText } from '../../../lib/api';
import { useAddCourseStore } from '../api/add-course-store';
import { CountrySelect } from './staff-parts';

/** The course store add form /courseAdd (public-site §2.6). */
export function CourseAddScreen() {
  const { t } = useTranslation();
  const add = useAddCourseStore();
  const [name, setName] = useState('');
  const [country, setCountry] = useState<StoreCountry | ''>('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const slug = slugify(name);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // the select is required, so the browser keeps a form without a country from being sent.
    if (country === '') return;
    setOutcome(null);
    try {
      const created = await add.mutateAsync({ name: name.trim(), slug, country });
      setCreatedId(created.id);
      setOutcome({ ok: true, text: t('stores.course.created') });
      setName('');
    } catch (error) {
      setOutcome({ ok: false, text: errorText(t, error, 'stores.errors') || t('stores.course.failed') });
    }
  }

  return (
    <div className="mx-auto max-w-3xl p-4">
      <PageTitle title={t('stores.course.title')} />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('stores.course.title')}</h1>
      <form onSubmit={submit} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <FormField
          label={t('stores.form.name')}
          required
          maxLength={storeLimits.name}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <CountrySelect id="course-country" value={country} onChange={setCountry} />
        <p className="text-sm text-slate-600">
          {t('stores.form.address')}{' '}
          <code
            data-testid="address-preview"
            className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-800"
          >{`${window.location.origin}/courses/${slug}`}</code>
        </p>
        {/* A new store is not public: said before it is created, and again once it is, with the way to publish it. */}
        <p
          id="course-not-public"
          className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="course-not-public"
        >
          <EyeOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t(createdId === null ? 'stores.course.notPublic' : 'stores.course.createdNotPublic')}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            busy={add.isPending}
            busyLabel={t('stores.form.saving')}
            aria-describedby="course-not-public"
          >
            {t('stores.course.submit')}
          </Button>
          <Link to="/albums" className={buttonClass({ variant: 'secondary' })}>
            {t('stores.course.list')}
          </Link>
          {createdId !== null && (
            <Link to={`/shopEdit/${createdId}`} className={buttonClass()}>
              {t('stores.course.publish')}
            </Link>
          )}
        </div>
        <SaveOutcome outcome={outcome} />
      </form>
    </div>
  );
}
