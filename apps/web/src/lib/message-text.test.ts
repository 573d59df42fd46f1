import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, errorText, messageText } from './api';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'pt',
    resources: {
      pt: {
        translation: {
          errors: { generic: 'Algo deu errado.', banned: 'Você está banido.', user_not_found: 'Membro inexistente.' },
          chatErrors: { banned: 'banido deste canal.' },
        },
      },
    },
  });
});

describe('messageText', () => {
  it('prefers the feature’s own wording, then the shared text, then the generic sentence — never the raw key', () => {
    expect(messageText(i18n.t, 'banned', 'chatErrors')).toBe('banido deste canal.');
    expect(messageText(i18n.t, 'user_not_found', 'chatErrors')).toBe('Membro inexistente.');
    expect(messageText(i18n.t, 'no_such_key', 'chatErrors')).toBe('Algo deu errado.');
    expect(messageText(i18n.t, 'no_such_key')).toBe('Algo deu errado.');
  });

  it('words failed calls the same way, and anything else as the generic sentence', () => {
    expect(errorText(i18n.t, new ApiError(403, 'banned'))).toBe('Você está banido.');
    expect(errorText(i18n.t, new ApiError(404, 'user_not_found'), 'chatErrors')).toBe('Membro inexistente.');
    expect(errorText(i18n.t, new Error('boom'))).toBe('Algo deu errado.');
  });
});
