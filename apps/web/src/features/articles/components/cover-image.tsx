import clsx from 'clsx';
import { ImageIcon } from 'lucide-react';
import { uploadSrc, uploadSrcSet } from '../../../lib/images';

/**
 * A cover from /uploads/ at the recommended 1200×630 ratio: width and height are set so the page does
 * not jump while it loads, the browser picks the WebP width it shows, and list covers load lazily. Without a cover, a calm tile keeps the layout.
 */
export function CoverImage({
  cover,
  alt = '',
  eager = false,
  sizes = '(min-width: 1024px) 48rem, 100vw',
  className,
}: {
  cover: string | null;
  alt?: string;
  eager?: boolean;
  /** The width the cover is shown at (`sizes`), so the browser picks the WebP variant it needs. */
  sizes?: string;
  className?: string;
}) {
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
      srcSet={uploadSrcSet(cover)}
      sizes={sizes}
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
