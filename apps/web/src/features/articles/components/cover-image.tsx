import clsx from 'clsx';
import { ImageIcon } from 'lucide-react';
import { uploadSrc } from '../lib/format';

/**
 * A cover from /uploads/ at the recommended 1200×630 ratio: width and height are set so the page does
 * not jump while it loads, and list covers load lazily. Without a cover, a calm tile keeps the layout.
 */
export function CoverImage({ cover, alt = '', eager = false, className }: { cover: string | null; alt?: string; eager?: boolean; className?: string }) {
  const frame = clsx('aspect-[40/21] w-full bg-slate-100', className);
  if (!cover) {
    return (
      <div className={clsx(frame, 'grid place-items-center text-slate-400')} aria-hidden="true">
        <ImageIcon className="size-8" />
      </div>
    );
  }
  return (
    <img
      src={uploadSrc(cover)}
      alt={alt}
      width={1200}
      height={630}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      className={clsx(frame, 'object-cover')}
    />
  );
}
