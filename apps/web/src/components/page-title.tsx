import { useBrandName } from '../lib/company';
import { useTitleWithUnread } from '../lib/unread-total';

/** Sets the document title to `<page> - <brand>`, after the member's unread total if any (React hoists `<title>` into the head). */
export function PageTitle({ title }: { title: string }) {
  const brand = useBrandName();
  return <title>{useTitleWithUnread(`${title} - ${brand}`)}</title>;
}
