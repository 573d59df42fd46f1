import type { BioSection } from '@papo/contract/bio';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BioCard, bioTagPath } from '../../../components/bio-card';
import { NotFound } from '../../../components/not-found';
import { PageMeta, cutText } from '../../../components/page-meta';
import { usePerson } from '../api/get-person';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { statusOf } from '../../../lib/api';
import { uploadSrc } from '../../../lib/images';
import { siteOrigin } from '../../../lib/request-context';
import { absoluteUrl, personNode, profilePageNode } from '../../../lib/structured-data';

/**
 * A person's head: a profile page about them (`Person`), described by their own text's first paragraph — the
 * entry's `description` is its photo's alternative text.
 */
function PersonMeta({ card }: { card: BioSection }) {
  const { t } = useTranslation();
  const origin = siteOrigin();
  const path = `/person/${card.id}`;
  const url = absoluteUrl(origin, path);
  const description = cutText(card.paragraphs[0] || t('meta.person', { name: card.tag }), 300);
  const photo = card.photoPath
    ? {
        src: uploadSrc(card.photoPath),
        alt: card.description || card.tag,
        width: 600,
        height: card.layout === 'layout-3' ? 800 : 600,
      }
    : null;
  const person = personNode({ name: card.tag, description, url, image: photo ? absoluteUrl(origin, photo.src) : null });
  return (
    <PageMeta
      title={card.tag}
      description={description}
      path={path}
      image={photo}
      card="bio"
      type="profile"
      structuredData={[profilePageNode({ name: card.tag, description, url }, person)]}
    />
  );
}

/** `/person/{id}`: a person or event of the biography (the blog search links here), with its related entries. */
export function PersonScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const person = usePerson(id);
  if (person.isPending) return <LoadingState title={t('bio.cardLoading')} />;
  if (person.isError) {
    if (statusOf(person.error) === 404 || statusOf(person.error) === 400) return <NotFound />;
    return <ErrorState text={t('bio.error')} onRetry={() => void person.refetch()} />;
  }
  const [card, ...related] = person.data.sections;
  if (!card) return <NotFound />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PersonMeta card={card} />
      <Link
        to="/bio"
        className="inline-flex items-center gap-1 self-start rounded text-sm font-semibold text-emerald-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('bio.backToBio')}
      </Link>
      <h1 className="sr-only">{card.tag}</h1>
      <BioCard section={card}>
        <Link
          to={bioTagPath(card.tag)}
          className="mt-4 inline-block text-sm font-semibold text-emerald-800 hover:underline"
        >
          {t('bio.seeInTimeline')}
        </Link>
      </BioCard>
      {related.length > 0 && (
        <section aria-labelledby="person-related">
          <h2 id="person-related" className="mb-3 text-lg font-semibold text-slate-900">
            {t('bio.seeAlso')}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {related.map((section) => (
              <li key={section.id}>
                <Link
                  to={section.kind === 'year' ? `/bio?ano=${section.tag}` : `/person/${section.id}`}
                  className="block rounded-lg border border-slate-200 bg-white p-3 font-semibold text-slate-900 hover:border-emerald-300 hover:text-emerald-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
                >
                  {section.tag}
                  <span className="mt-1 line-clamp-2 block text-sm font-normal text-slate-600">
                    {section.paragraphs[0]}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
