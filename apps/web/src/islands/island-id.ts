import { createContext, useContext, useId } from 'react';

/** The island a component renders in (its name), on the server's page and in its own root alike. */
export const IslandScope = createContext<string | null>(null);

/**
 * An element id that is the same in the server's whole page and in the island's own root: `useId` derives its value
 * from the element's place in the whole tree, which an island hydrated alone does not have. Outside an island, `useId`.
 */
export function useStableId(name: string): string {
  const generated = useId();
  const island = useContext(IslandScope);
  return island === null ? generated : `${island}-${name}`;
}
