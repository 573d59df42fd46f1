import { useParams } from 'react-router';

/** The route's article id when it is numeric (the back office acts only on numeric ids), else null. */
export function useArticleId(): number | null {
  const { id } = useParams();
  return id && /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : null;
}
