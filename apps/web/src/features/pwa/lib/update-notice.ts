import i18n from 'i18next';
import { buttonClass } from '../../../components/ui/button';

const noticeId = 'papo-update-notice';

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
export function showUpdateNotice(worker: ServiceWorker, onUpdate = activate): void {
  if (document.getElementById(noticeId)) return;
  const notice = document.createElement('div');
  notice.id = noticeId;
  notice.setAttribute('role', 'status');
  notice.className =
    'fixed inset-x-2 bottom-2 z-50 flex items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-white px-4 py-3 text-sm text-slate-900 shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4';
  const text = document.createElement('span');
  text.textContent = i18n.t('pwa.update.available');
  const button = document.createElement('button');
  button.className = buttonClass({ variant: 'primary', size: 'sm' });
  button.textContent = i18n.t('pwa.update.action');
  button.onclick = () => {
    button.disabled = true;
    onUpdate(worker);
  };
  notice.append(text, button);
  document.body.append(notice);
}
