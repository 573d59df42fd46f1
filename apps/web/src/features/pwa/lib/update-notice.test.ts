import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import pt from '../locales/pt.json';
import { showUpdateNotice } from './update-notice';

describe('the new-version notice', () => {
  beforeAll(async () => {
    await i18n.init({ lng: 'pt', resources: { pt: { translation: pt } } });
  });
  afterEach(() => document.getElementById('papo-update-notice')?.remove());

  it('says a new version is available, once, and lets the waiting one take over on "Atualizar"', async () => {
    const worker = {} as ServiceWorker;
    const chosen: ServiceWorker[] = [];
    await Promise.all([
      showUpdateNotice(worker, (w) => chosen.push(w)),
      showUpdateNotice(worker, (w) => chosen.push(w)),
    ]);
    const notices = document.querySelectorAll('[role="status"]');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textContent).toBe('Nova versão disponívelAtualizar');
    const button = notices[0]!.querySelector('button')!;
    expect(button.textContent).toBe('Atualizar');
    button.click();
    button.click();
    expect(chosen).toEqual([worker]);
  });

  it('on a public page, whose i18next holds only an island’s texts, shows its own texts in the page’s language', async () => {
    const lang = document.documentElement.lang;
    document.documentElement.lang = 'en';
    await i18n.changeLanguage('en');
    i18n.addResourceBundle('en', 'translation', { nav: { home: 'Home' } });
    try {
      await showUpdateNotice({} as ServiceWorker, () => undefined);
      const notice = document.getElementById('papo-update-notice')!;
      expect(notice.querySelector('span')!.textContent).toBe('New version available');
      expect(notice.querySelector('button')!.textContent).toBe('Update');
    } finally {
      document.documentElement.lang = lang;
      await i18n.changeLanguage('pt');
    }
  });
});
