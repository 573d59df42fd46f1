import { AtSign, MessageCircle, ShieldHalf, UserSearch } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

export type UserAction = 'mention' | 'pvt' | 'whois' | 'chanserv';

interface UserMenuProps {
  id: string;
  nickname: string;
  actions: readonly UserAction[];
  onAction: (action: UserAction) => void;
  /** A line under the items: why ChanServ is not offered. */
  note?: ReactNode;
  /** Escape or Tab: close and give focus back to the user's button. */
  onClose: (restoreFocus: boolean) => void;
}

const icons = { mention: AtSign, pvt: MessageCircle, whois: UserSearch, chanserv: ShieldHalf } as const;

/** The per-user menu of the Connected users list (members-area §2): a menu button pattern with arrow keys. */
export function UserMenu({ id, nickname, actions, onAction, onClose, note }: UserMenuProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLUListElement>(null);

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.findIndex((item) => item === document.activeElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      items[((moves[event.key] ?? 0) + items.length) % items.length]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose(true);
    } else if (event.key === 'Tab') {
      onClose(false);
    }
  };

  return (
    <div className="mx-2 mb-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg">
      <ul
        ref={ref}
        id={id}
        role="menu"
        aria-label={t('userList.menuLabel', { nickname })}
        onKeyDown={onKeyDown}
        data-testid="user-menu"
        className="py-1"
      >
        {actions.map((action) => {
          const Icon = icons[action];
          return (
            <li key={action} role="none">
              <Button
                variant="plain"
                role="menuitem"
                tabIndex={-1}
                onClick={() => onAction(action)}
                className="flex w-full items-center gap-2.5 px-3 py-2 text-left text-sm text-slate-800 hover:bg-emerald-50 focus:bg-emerald-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-emerald-600"
              >
                <Icon className="size-4 text-slate-500" aria-hidden="true" />
                {t(`userList.actions.${action}`)}
              </Button>
            </li>
          );
        })}
      </ul>
      {note && <div className="border-t border-slate-100 p-1">{note}</div>}
    </div>
  );
}
