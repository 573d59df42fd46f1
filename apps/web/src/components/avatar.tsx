import clsx from 'clsx';
import { useState } from 'react';
import { useMemberFace } from '../lib/member-faces';
import { initialsOf } from '../lib/session';

const sizes = { sm: 'size-7 text-[0.6875rem]', md: 'size-9 text-sm', lg: 'size-12 text-base' } as const;

interface AvatarProps {
  name: string;
  /** The member shown: their uploaded picture (small variant) and their profile's initials, as everywhere else. */
  userId?: number;
  /** The member's photo; the initials show while it is missing or fails to load. */
  src?: string | null;
  size?: keyof typeof sizes;
  /** Shows a presence dot: green when here, grey when not; no dot when unknown. Decorative: say it in text too. */
  online?: boolean;
}

/**
 * A member's photo or initials in a circle, with an optional presence dot. Decorative: the name is always
 * written next to it, so the picture itself is hidden from screen readers.
 */
export function Avatar({ name, userId, src, size = 'md', online }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const face = useMemberFace(userId);
  const picture = face?.picture ?? src;
  const photo = picture && failed !== picture ? picture : null;
  return (
    <span className="relative inline-flex shrink-0" data-testid="avatar">
      {photo ? (
        <img
          src={photo}
          alt=""
          aria-hidden="true"
          onError={() => setFailed(photo)}
          className={clsx('rounded-full object-cover', sizes[size])}
        />
      ) : (
        <span
          aria-hidden="true"
          className={clsx(
            'grid place-items-center rounded-full bg-slate-200 font-semibold text-slate-700',
            sizes[size],
          )}
        >
          {initialsOf(face?.name ?? name) || initialsOf(name) || '?'}
        </span>
      )}
      {online !== undefined && (
        <span
          aria-hidden="true"
          data-testid="presence-dot"
          data-online={online}
          className={clsx(
            'absolute -bottom-0.5 -right-0.5 size-3 rounded-full ring-2 ring-white',
            online ? 'bg-emerald-500' : 'bg-slate-400',
          )}
        />
      )}
    </span>
  );
}
