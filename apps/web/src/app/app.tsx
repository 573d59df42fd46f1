import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { UpdateBanner } from '../features/pwa/components/update-banner';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Providers around the router; the query client is made by `createQueryClient` (handover.ts). */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  // NOTE: a server-rendered page looks ready before its buttons work; this marks when they do (end-to-end tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* NOTE: renders nothing until a new version waits, so a server-rendered page hydrates unchanged. */}
      <UpdateBanner />
    </QueryClientProvider>
  );
}
