import { useBrandName } from '../lib/company';

/** Sets the document title to `<page> - <brand>` (React hoists `<title>` into the head). */
export function PageTitle({ title }: { title: string }) {
  const brand = useBrandName();
  return <title>{`${title} - ${brand}`}</title>;
}
