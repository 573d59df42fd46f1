import { mediaRoutes } from '@papo/contract/browser-routes/media';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** `GET /api/course-landing`: the course's video and checkout address. */
export function useCourseLanding() {
  return useQuery({
    queryKey: ['course-landing'],
    queryFn: ({ signal }) => api(mediaRoutes.courseLanding, { signal }),
    staleTime: Infinity,
  });
}
