import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect } from 'react';

export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;

interface CarouselEngineProps {
  /** The carousel's viewport, already on the page with its slides. */
  viewport: HTMLElement;
  onReady: (api: CarouselApi | undefined) => void;
}

/**
 * Embla (swipe, snapping, scrolling) on a carousel the page already drew: this chunk loads only when the
 * carousel comes near the screen or is touched (decision 019), and renders nothing itself.
 */
export default function CarouselEngine({ viewport, onReady }: CarouselEngineProps) {
  const [attach, api] = useEmblaCarousel({ align: 'start', containScroll: 'trimSnaps', slidesToScroll: 'auto' });
  useEffect(() => {
    attach(viewport);
    return () => attach(null);
  }, [attach, viewport]);
  useEffect(() => {
    onReady(api);
  }, [api, onReady]);
  return null;
}
