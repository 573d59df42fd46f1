import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showUpdateNotice } from './update-notice';

// i18next is the app's, set up by the test setup with every text in pt; a test leaves it as it found it, since the
// files of a worker share it.
describe('the new-version notice', () => {
  afterEach(() => {
    document.getElementById('papo-update-notice')?.remove();
    vi.restoreAllMocks();
  });

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
    vi.spyOn(i18n, 'exists').mockReturnValue(false);
    try {
      await showUpdateNotice({} as ServiceWorker, () => undefined);
      const notice = document.getElementById('papo-update-notice')!;
      expect(notice.querySelector('span')!.textContent).toBe('New version available');
      expect(notice.querySelector('button')!.textContent).toBe('Update');
    } finally {
      document.documentElement.lang = lang;
    }
  });
});
