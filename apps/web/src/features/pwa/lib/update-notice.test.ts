import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import pt from '../locales/pt.json';
import { showUpdateNotice } from './update-notice';

describe('the new-version notice', () => {
  beforeAll(async () => {
    await i18n.init({ lng: 'pt', resources: { pt: { translation: pt } } });
  });
  afterEach(() => document.getElementById('papo-update-notice')?.remove());

  it('says a new version is available, once, and lets the waiting one take over on "Atualizar"', () => {
    const worker = {} as ServiceWorker;
    const chosen: ServiceWorker[] = [];
    showUpdateNotice(worker, (w) => chosen.push(w));
    showUpdateNotice(worker, (w) => chosen.push(w));
    const notices = document.querySelectorAll('[role="status"]');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textContent).toBe('Nova versão disponívelAtualizar');
    const button = notices[0]!.querySelector('button')!;
    expect(button.textContent).toBe('Atualizar');
    button.click();
    button.click();
    expect(chosen).toEqual([worker]);
  });
});
