import { Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../lib/classes';
import { Button } from '../../../components/ui/button';

/**
 * A YouTube video on the privacy-enhanced domain, loaded only when the reader presses play or the
 * frame scrolls into view (no YouTube request, cookie or script before that).
 */
export function YoutubeEmbed({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(false);
  const [autoplay, setAutoplay] = useState(false);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = frame.current;
    if (active || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setActive(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);

  return (
    <div ref={frame} className="relative aspect-video w-full overflow-hidden rounded-xl bg-slate-900">
      {active ? (
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${id}${autoplay ? '?autoplay=1' : ''}`}
          title={t('articles.video', { title })}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          className="absolute inset-0 size-full border-0"
        />
      ) : (
        <Button
          variant="plain"
          onClick={() => {
            setAutoplay(true);
            setActive(true);
          }}
          className={`absolute inset-0 grid place-items-center text-white ${focusRing}`}
        >
          <span className="grid size-16 place-items-center rounded-full bg-red-600 shadow-lg">
            <Play className="size-8 fill-current" aria-hidden="true" />
          </span>
          <span className="sr-only">{t('articles.playVideo', { title })}</span>
        </Button>
      )}
    </div>
  );
}
