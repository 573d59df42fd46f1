import type { CourseLanding } from '@papo/contract/media';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** `GET /api/course-landing`: the course's video and checkout address. */
export function useCourseLanding() {
  return useQuery({
    queryKey: ['course-landing'],
    queryFn: ({ signal }) => apiFetch<CourseLanding>('/api/course-landing', { signal, auth: false }),
    staleTime: Infinity,
  });
}
