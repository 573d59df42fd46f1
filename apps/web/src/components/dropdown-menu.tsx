import * as Radix from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SectionName } from '../config/main-links';
import { sectionIcons } from './section-icons';

export interface DropdownLink {
  key: string;
  to: string;
  label: string;
  /** A section's icon (components/section-icons.ts), drawn beside the label. */
  icon?: SectionName;
  /** The link of the page on screen (`aria-current="page"`). */
  current?: boolean;
}

/** An item that does something on the page (opens a dialog) rather than going somewhere. */
export interface DropdownAction {
  key: string;
  label: string;
  onSelect: () => void;
  /** Drawn before the label. */
  glyph?: ReactNode;
}

/** A link of the menu opened in a new tab (a page outside the app's routes, such as a preview). */
export interface DropdownNewTab {
  key: string;
  href: string;
  label: string;
  glyph?: ReactNode;
}

const itemClass =
  'flex items-center gap-3 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

interface DropdownMenuProps {
  /** The trigger's content (a label and a chevron). */
  trigger: ReactNode;
  triggerClassName: string;
  links: readonly (DropdownLink | DropdownAction | DropdownNewTab)[];
  align?: 'start' | 'end';
  /** Open from the first render (the trigger was pressed while this chunk was loading). */
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * The one drop-down menu, on Radix DropdownMenu: arrow keys move between the items, typing a letter jumps to it, Escape
 * and a click outside close it and focus returns to the trigger. An item is a router link, a link opened in a new tab
 * or an action (a bar's overflow); the menu is named by its trigger.
 */
export function DropdownMenu({
  trigger,
  triggerClassName,
  links,
  align = 'start',
  defaultOpen,
  onOpenChange,
}: DropdownMenuProps) {
  return (
    <Radix.Root defaultOpen={defaultOpen} onOpenChange={onOpenChange} modal={false}>
      <Radix.Trigger className={triggerClassName}>{trigger}</Radix.Trigger>
      <Radix.Portal>
        <Radix.Content
          align={align}
          sideOffset={6}
          className="z-40 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
        >
          {links.map((item) => {
            if ('onSelect' in item)
              return (
                <Radix.Item key={item.key} onSelect={item.onSelect} className={clsx(itemClass, 'text-slate-700')}>
                  {item.glyph}
                  {item.label}
                </Radix.Item>
              );
            if ('href' in item)
              return (
                <Radix.Item key={item.key} asChild>
                  <a href={item.href} target="_blank" rel="noopener" className={clsx(itemClass, 'text-slate-700')}>
                    {item.glyph}
                    {item.label}
                  </a>
                </Radix.Item>
              );
            const { key, to, label: text, icon, current } = item;
            const Icon = icon && sectionIcons[icon];
            return (
              <Radix.Item key={key} asChild>
                <Link
                  to={to}
                  aria-current={current ? 'page' : undefined}
                  className={clsx(itemClass, current ? 'bg-emerald-50 font-medium text-emerald-800' : 'text-slate-700')}
                >
                  {Icon && <Icon className="size-4 shrink-0 text-slate-500" aria-hidden="true" />}
                  {text}
                </Link>
              </Radix.Item>
            );
          })}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
