import { isRecord } from '@papo/contract/records';
import { QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, NavigationType, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient, hydrateQueries, readHandover } from '../app/handover';
import { routeDefs } from '../app/routes/route-table';
import { initI18n, isLanguage } from '../lib/i18n';
import { IslandScope } from './island-id';
import { currentHref, onPageChange, visit } from './navigation';
import { islands, type IslandName } from './registry';
import { ToastRelay } from './toasts';

/*
 * What an island needs around it to run alone (decision 042): the texts it carries, the answers the page handed over,
 * and a router that knows the page's route (its handle: the header marks the current section) and sends every
 * navigation it makes to the public pages' navigation. Loaded with the first island that wakes.
 */

const queryClient = createQueryClient();
const pageLanguage = document.documentElement.lang;
let texts: Promise<unknown> | null = null;

function takeHandover() {
  const handover = readHandover();
  if (handover) hydrateQueries(queryClient, handover.queries);
}

/** The global i18next with the page's language and no texts yet: each island adds its own before it hydrates. */
function startTexts(): Promise<unknown> {
  takeHandover();
  onPageChange(takeHandover);
  // another language is another page: the server renders it in the chosen language (the cookie is set first).
  i18n.on('languageChanged', (language) => {
    if (language !== pageLanguage) window.location.reload();
  });
  return initI18n(isLanguage(pageLanguage) ? pageLanguage : undefined, async () => ({}));
}

function readJson(element: Element, attribute: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(element.getAttribute(attribute) ?? '{}');
    return isRecord(value) ? value : {};
  } catch {
    return {};
  }
}

/** The route table without screens: the island's router matches the page's route and hands out its handle. */
function islandRoutes(Body: ComponentType): RouteObject[] {
  return [
    {
      id: 'island',
      Component: Body,
      children: routeDefs.map((def) => ({ id: def.handle.name, path: def.path, handle: def.handle })),
    },
  ];
}

/** The island's component, whose props are the JSON its element carries. */
function isComponent(value: unknown): value is ComponentType<Record<string, unknown>> {
  return typeof value === 'function';
}

function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/** Hydrates the island in `element` (its own root); resolves once it responds, with its root. */
export async function hydrateIsland(element: HTMLElement, name: IslandName): Promise<Root> {
  texts ??= startTexts();
  const [Component] = await Promise.all([islands[name].load(), texts]);
  if (!isComponent(Component)) throw new Error(`island ${name} loads no component`);
  i18n.addResourceBundle(i18n.language, 'translation', readJson(element, 'data-texts'), true, false);
  const props = readJson(element, 'data-props');
  const Body = () => <Component {...props} />;
  const router = createMemoryRouter(islandRoutes(Body), { initialEntries: [currentHref()] });
  // a navigation the island makes (a search form's submit) is the page's; the page's own moves the island's router.
  router.subscribe((state) => {
    const href = `${state.location.pathname}${state.location.search}${state.location.hash}`;
    if (href !== currentHref()) void visit(href, { replace: state.historyAction === NavigationType.Replace });
  });
  onPageChange(() => {
    if (element.isConnected) void router.navigate(currentHref(), { replace: true });
  });
  let hydrated: () => void = () => undefined;
  const responding = new Promise<void>((resolve) => {
    hydrated = resolve;
  });
  const root = hydrateRoot(
    element,
    <StrictMode>
      <IslandScope value={name}>
        <QueryClientProvider client={queryClient}>
          <ToastRelay>
            <Hydrated onHydrated={hydrated}>
              <RouterProvider router={router} />
            </Hydrated>
          </ToastRelay>
        </QueryClientProvider>
      </IslandScope>
    </StrictMode>,
  );
  await responding;
  return root;
}
