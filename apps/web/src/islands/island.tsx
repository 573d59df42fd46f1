import { isRecord } from '@papo/contract/records';
import { createContext, useContext, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { IslandScope } from './island-id';
import type { IslandName } from './island-names';

/** The texts under `prefixes` of a language's resources, nested as in the locale file. */
function textsUnder(resources: unknown, prefixes: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const prefix of prefixes) {
    const parts = prefix.split('.');
    let value: unknown = resources;
    for (const part of parts) value = isRecord(value) ? value[part] : undefined;
    if (value === undefined) continue;
    let into = picked;
    parts.slice(0, -1).forEach((part) => {
      const next = into[part];
      const made = isRecord(next) ? next : {};
      into[part] = made;
      into = made;
    });
    into[parts.at(-1) ?? prefix] = value;
  }
  return picked;
}

/**
 * Each island's text prefixes (`islands/registry.ts`), given by the server's render: only the server's page carries an
 * island's texts, for the public entry. The app's build thus leaves out the registry and its islands' loaders; a page
 * the app takes over keeps the server's attribute (`suppressHydrationWarning`).
 */
export const IslandTexts = createContext<((name: IslandName) => readonly string[]) | null>(null);

interface IslandProps<P extends object> {
  name: IslandName;
  component: ComponentType<P>;
  /** Plain data (JSON): the island is hydrated from these alone. */
  props: P;
  /** Woken as soon as the page responds, whatever its registry entry says: its address is still to be settled. */
  awake?: boolean;
}

/**
 * A part of a public page that responds to the reader (decision 042): the component rendered in place, in an element
 * that names it and carries its props and texts as JSON, so the public entry can hydrate it alone, without the app.
 * `display: contents` keeps the wrapper out of the layout. Inside the app (members' area) it is the component as is.
 */
export function Island<P extends object>({ name, component: Component, props, awake = false }: IslandProps<P>) {
  const { i18n } = useTranslation();
  const textsOf = useContext(IslandTexts);
  const texts = textsOf
    ? JSON.stringify(textsUnder(i18n.getResourceBundle(i18n.language, 'translation'), textsOf(name)))
    : undefined;
  return (
    <div
      className="contents"
      data-island={name}
      data-props={JSON.stringify(props)}
      data-texts={texts}
      data-island-awake={awake ? '' : undefined}
      suppressHydrationWarning
    >
      <IslandScope value={name}>
        <Component {...props} />
      </IslandScope>
    </div>
  );
}
