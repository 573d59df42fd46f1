import { PageMeta as SitePageMeta } from '../../../components/page-meta';
import { uploadSrc } from '../../../lib/images';

/** An article's title and meta tags: the site's page meta with the cover from the uploads folder. */
export function PageMeta({ title, description, cover, path }: { title: string; description: string; cover: string | null; path: string }) {
  return <SitePageMeta title={title} description={description} image={cover ? uploadSrc(cover) : null} path={path} />;
}
