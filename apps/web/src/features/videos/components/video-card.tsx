import type { VideoSummary } from '@papo/contract/media';
import { Play } from 'lucide-react';

/** A video's thumbnail (16:9, or 9:16 for a vertical one) and its title; the caller decides what a click does. */
export function VideoCardBody({ video }: { video: VideoSummary }) {
  return (
    <>
      <span className="relative block aspect-video overflow-hidden rounded-lg bg-slate-200">
        <img
          src={video.thumbnail}
          alt=""
          loading="lazy"
          decoding="async"
          width={video.thumbnailWidth}
          height={video.thumbnailHeight}
          className="size-full object-cover transition group-hover:scale-105"
        />
        <span
          aria-hidden="true"
          className="absolute inset-0 grid place-items-center opacity-0 transition group-hover:opacity-100 group-focus-visible:opacity-100"
        >
          <span className="grid size-12 place-items-center rounded-full bg-black/60 text-white">
            <Play className="size-6" />
          </span>
        </span>
      </span>
      <span className="mt-2 line-clamp-2 block text-sm font-medium text-slate-900">{video.title}</span>
    </>
  );
}

export const videoCardClass =
  'group block w-full rounded-lg p-1 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600';
