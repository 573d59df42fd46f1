import { Copy, Mail, MessageCircle, Send, Share2, ThumbsUp } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast';
import { useDismiss } from '../../../hooks/use-dismiss';
import { Button } from '../../../components/ui/button';
import { useStableId } from '../../../islands/island-id';

const itemClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-emerald-600';

/** Room kept between an open menu and the edge of the screen, in pixels. */
const screenMargin = 8;

/**
 * Share a lyric or an article (public-site §2.4): copy its address, send it by WhatsApp, post it on X with `text`
 * ('Confira esta letra!' by default), share it on Facebook or by e-mail, or the device's own share sheet where the
 * Web Share API exists. The menu opens toward the side with room, so it stays on a phone's screen wherever the button
 * wrapped to.
 */
export function ShareMenu({ title, url, text: shareText }: { title: string; url: string; text?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [align, setAlign] = useState<'left' | 'right'>('right');
  const menuId = useStableId('share');
  const root = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);
  const text = shareText ?? t('articles.share.text');

  useLayoutEffect(() => {
    const box = root.current?.getBoundingClientRect();
    const width = menu.current?.offsetWidth ?? 0;
    if (!open || !box) return;
    // under the button's right edge when it fits on the screen, else under its left edge.
    setAlign(box.right - width >= screenMargin ? 'right' : 'left');
  }, [open]);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copy = async () => {
    close();
    try {
      await navigator.clipboard.writeText(url);
      toast.show({ message: t('articles.share.copied') });
    } catch {
      toast.show({ message: t('articles.share.copyError'), tone: 'error' });
    }
  };

  return (
    <div ref={root} className="relative">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <Share2 className="size-4" aria-hidden="true" />
        {t('articles.share.button')}
      </Button>
      {open && (
        <ul
          id={menuId}
          ref={menu}
          className={`absolute ${align === 'right' ? 'right-0' : 'left-0'} z-20 mt-2 w-60 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg`}
          data-testid="share-menu"
        >
          <li>
            <Button variant="plain" onClick={() => void copy()} className={itemClass}>
              <Copy className="size-4 text-slate-500" aria-hidden="true" />
              {t('articles.share.copy')}
            </Button>
          </li>
          <li>
            <a
              href={`https://wa.me/?text=${encodeURIComponent(`${text} ${title} ${url}`)}`}
              target="_blank"
              rel="noopener noreferrer"
              onClick={close}
              className={itemClass}
            >
              <MessageCircle className="size-4 text-slate-500" aria-hidden="true" />
              {t('articles.share.whatsapp')}
            </a>
          </li>
          <li>
            <a
              href={`https://x.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`}
              target="_blank"
              rel="noopener noreferrer"
              onClick={close}
              className={itemClass}
            >
              <Send className="size-4 text-slate-500" aria-hidden="true" />
              {t('articles.share.x')}
            </a>
          </li>
          <li>
            <a
              href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`}
              target="_blank"
              rel="noopener noreferrer"
              onClick={close}
              className={itemClass}
            >
              <ThumbsUp className="size-4 text-slate-500" aria-hidden="true" />
              {t('articles.share.facebook')}
            </a>
          </li>
          <li>
            <a
              href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${text}\n\n${url}`)}`}
              onClick={close}
              className={itemClass}
            >
              <Mail className="size-4 text-slate-500" aria-hidden="true" />
              {t('articles.share.email')}
            </a>
          </li>
          {canShare && (
            <li>
              <Button
                variant="plain"
                onClick={() => {
                  close();
                  // closing the share sheet rejects the promise; that is the reader's choice, not an error.
                  navigator.share({ title, text, url }).catch(() => undefined);
                }}
                className={itemClass}
              >
                <Share2 className="size-4 text-slate-500" aria-hidden="true" />
                {t('articles.share.device')}
              </Button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
