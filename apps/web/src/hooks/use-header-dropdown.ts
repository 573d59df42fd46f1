import { useCallback, useEffect, useSyncExternalStore, type Dispatch, type SetStateAction } from 'react';

/** The header's dropdowns; at most one of them is open at a time (members-area §2 Header). */
export type HeaderDropdown = 'bell' | 'user';

let openDropdown: HeaderDropdown | null = null;
const listeners = new Set<() => void>();

function setOpenDropdown(next: HeaderDropdown | null) {
  if (next === openDropdown) return;
  openDropdown = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => openDropdown;

/**
 * `useState<boolean>` for one header dropdown, shared with the others: opening this one closes the
 * one that was open. Unmounting an open dropdown (logout, layout change) leaves none open.
 */
export function useHeaderDropdown(name: HeaderDropdown): [boolean, Dispatch<SetStateAction<boolean>>] {
  const open = useSyncExternalStore(subscribe, snapshot, snapshot) === name;
  const setOpen = useCallback<Dispatch<SetStateAction<boolean>>>(
    (value) => {
      const next = typeof value === 'function' ? value(openDropdown === name) : value;
      if (next) setOpenDropdown(name);
      else if (openDropdown === name) setOpenDropdown(null);
    },
    [name],
  );
  useEffect(
    () => () => {
      if (openDropdown === name) setOpenDropdown(null);
    },
    [name],
  );
  return [open, setOpen];
}
