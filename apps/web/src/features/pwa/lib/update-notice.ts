import { isRecord } from '@papo/contract/records';
import i18n from 'i18next';
import { buttonClass } from '../../../components/ui/button';

const noticeId = 'papo-update-notice';

// loaded only when i18next lacks the texts: on public pages it holds just the woken islands' texts, or none.
const pwaLocales = import.meta.glob<Record<string, unknown>>('../locales/*.json', { import: 'default' });

/** The notice's two texts: i18next's in the app, else this feature's own file in the page's language. */
async function noticeTexts(): Promise<{ available: string; action: string }> {
  if (i18n.exists('pwa.update.available') && i18n.exists('pwa.update.action'))
    return { available: i18n.t('pwa.update.available'), action: i18n.t('pwa.update.action') };
  const load = pwaLocales[`../locales/${document.documentElement.lang}.json`] ?? pwaLocales['../locales/pt.json'];
  const file: unknown = await load?.();
  const pwa = isRecord(file) ? file.pwa : undefined;
  const update = isRecord(pwa) ? pwa.update : undefined;
  const text = (key: string) => (isRecord(update) && typeof update[key] === 'string' ? update[key] : '');
  return { available: text('available'), action: text('action') };
}

/** Lets the waiting version take over, then reloads the page once under it. */
function activate(worker: ServiceWorker): void {
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!reloaded) window.location.reload();
    reloaded = true;
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * "Nova versão disponível — Atualizar": shown when a new version waits, instead of changing the page under the reader;
 * the button lets it take over and reloads. Plain DOM rather than a React root: it loads after the page and costs a
 * few hundred bytes (the first route's JavaScript budget, decision 019).
 */
export async function showUpdateNotice(worker: ServiceWorker, onUpdate = activate): Promise<void> {
  if (document.getElementById(noticeId)) return;
  const texts = await noticeTexts();
  if (document.getElementById(noticeId)) return;
  const notice = document.createElement('div');
  notice.id = noticeId;
  notice.setAttribute('role', 'status');
  notice.className =
    'fixed inset-x-2 bottom-2 z-50 flex items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-white px-4 py-3 text-sm text-slate-900 shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4';
  const text = document.createElement('span');
  text.textContent = texts.available;
  const button = document.createElement('button');
  button.className = buttonClass({ variant: 'primary', size: 'sm' });
  button.textContent = texts.action;
  button.onclick = () => {
    button.disabled = true;
    onUpdate(worker);
  };
  notice.append(text, button);
  document.body.append(notice);
}
