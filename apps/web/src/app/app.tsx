import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Providers around the router; the query client is made by `createQueryClient` (handover.ts). */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  // a server-rendered page looks ready before its buttons work; this marks when they do (end-to-end tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
