import type { Article } from '@papo/contract/articles';
import { useTranslation } from 'react-i18next';
import { contentCardPath, PageMeta, shareCardSize } from '../../../components/page-meta';
import { authorPath, paths } from '../../../config/paths';
import { useBrandName } from '../../../lib/company';
import { uploadSrc } from '../../../lib/images';
import { siteOrigin } from '../../../lib/request-context';
import { absoluteUrl, articleNode, breadcrumbNode } from '../../../lib/structured-data';

/**
 * The head of an article or a lyric: the site's page meta with its cover (else the section's drawn card), its dates,
 * and its Article node (with the breadcrumb the lyric shows) for search engines.
 */
export function ArticleMeta({ article, lyric = false }: { article: Article; lyric?: boolean }) {
  const { t } = useTranslation();
  const brand = useBrandName();
  const origin = siteOrigin();
  const path = `${lyric ? paths.lyrics : paths.blog}/${article.slug}`;
  const description = article.description || article.shortContent;
  const card = lyric ? 'lyrics' : 'blog';
  // a lyric without a cover is shared with a card of its own (its title and first lines), drawn by the server.
  const image = article.cover
    ? { src: uploadSrc(article.cover), alt: article.title, ...article.coverSize }
    : lyric
      ? { src: contentCardPath('lyrics', article.slug), alt: article.title, ...shareCardSize }
      : null;
  const imageUrl = absoluteUrl(origin, image?.src ?? `/media/share/${card}.png`);
  const url = absoluteUrl(origin, path);
  const section = { name: t('articles.lyrics.title'), url: absoluteUrl(origin, paths.lyrics) };
  return (
    <PageMeta
      title={article.title}
      description={description}
      path={path}
      image={image}
      card={card}
      type="article"
      publishedAt={article.publishedAt}
      modifiedAt={article.updatedAt}
      structuredData={[
        // a lyric's author is its song's composer, never the account that typed it in; unknown, the public domain.
        articleNode(origin, brand, {
          url,
          title: article.title,
          description,
          image: imageUrl,
          publishedAt: article.publishedAt,
          modifiedAt: article.updatedAt,
          author: lyric
            ? { name: article.composer ?? t('articles.lyrics.publicDomain') }
            : article.author && {
                name: article.author.name,
                url: absoluteUrl(origin, authorPath(article.author.username)),
              },
        }),
        // the lyric shows its breadcrumb (home › lyrics › title); the article a link back to the blog.
        ...(lyric
          ? [breadcrumbNode([{ name: t('articles.lyrics.home'), url: `${origin}/` }, section, { name: article.title }])]
          : []),
      ]}
    />
  );
}
