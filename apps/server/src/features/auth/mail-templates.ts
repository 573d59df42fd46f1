import type { SupportedLanguage } from '@papo/contract/auth';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface Texts {
  codeSubject: (code: string) => string;
  greeting: (name: string) => string;
  codeIntro: string;
  codeExpiry: string;
  resetSubject: string;
  resetIntro: string;
  resetAction: string;
  resetExpiry: string;
  ignore: string;
  changedSubject: string;
  changedIntro: string;
  changedOthers: string;
  changedNotYou: string;
  exportSubject: string;
  exportIntro: string;
  exportWhere: string;
  deletedSubject: string;
  deletedIntro: string;
  deletedKept: string;
  deviceSubject: string;
  deviceIntro: (device: string, when: string) => string;
  deviceUnknown: string;
  deviceYou: string;
  deviceNotYou: string;
}

// the code sits in the subject too, so it shows in the mail list and in the outbox log line.
const texts: Record<SupportedLanguage, Texts> = {
  pt: {
    codeSubject: (code) => `${code} é o seu código de verificação do Papo`,
    greeting: (name) => `Olá, ${name}!`,
    codeIntro: 'Use este código para confirmar a sua conta no Papo:',
    codeExpiry: 'O código vale por 15 minutos e só pode ser usado uma vez.',
    resetSubject: 'Redefinir a sua senha do Papo',
    resetIntro: 'Recebemos um pedido para redefinir a senha da sua conta no Papo.',
    resetAction: 'Escolher uma nova senha',
    resetExpiry: 'O link vale por 30 minutos e só pode ser usado uma vez.',
    ignore: 'Se não foi você, ignore esta mensagem.',
    changedSubject: 'A senha do seu Papo foi alterada',
    changedIntro: 'A senha da sua conta no Papo acabou de ser alterada nas configurações da conta.',
    changedOthers: 'Todos os outros aparelhos e conexões IRC saíram da conta.',
    changedNotYou: 'Se não foi você, peça uma nova senha em “Esqueci a senha” agora mesmo.',
    exportSubject: 'Os seus dados do Papo estão prontos',
    exportIntro:
      'O arquivo com os seus dados do Papo (perfil, apelidos, conversas privadas, notificações, mensagens de contato, favoritos e níveis nos canais) está pronto.',
    exportWhere: 'Baixe-o em Perfil → Conta e segurança → Exportar meus dados.',
    deletedSubject: 'A sua conta do Papo foi excluída',
    deletedIntro:
      'A sua conta no Papo e os seus dados foram excluídos, e todos os aparelhos e conexões IRC saíram da conta.',
    deletedKept: 'O seu nome de usuário fica reservado e não poderá ser usado por outra pessoa.',
    deviceSubject: 'Nova entrada na sua conta do Papo',
    deviceIntro: (device, when) =>
      `A sua conta no Papo entrou num aparelho que ainda não tinha usado: ${device}, em ${when}.`,
    deviceUnknown: 'um navegador desconhecido',
    deviceYou: 'Se foi você, não precisa fazer nada.',
    deviceNotYou: 'Se não foi você, troque a senha em Perfil → Conta e segurança: os outros aparelhos saem da conta.',
  },
  en: {
    codeSubject: (code) => `${code} is your Papo verification code`,
    greeting: (name) => `Hello, ${name}!`,
    codeIntro: 'Use this code to confirm your Papo account:',
    codeExpiry: 'The code is valid for 15 minutes and can be used once.',
    resetSubject: 'Reset your Papo password',
    resetIntro: 'We received a request to reset the password of your Papo account.',
    resetAction: 'Choose a new password',
    resetExpiry: 'The link is valid for 30 minutes and can be used once.',
    ignore: "If this wasn't you, ignore this message.",
    changedSubject: 'Your Papo password was changed',
    changedIntro: 'The password of your Papo account was just changed in the account settings.',
    changedOthers: 'Every other device and IRC link has been signed out.',
    changedNotYou: 'If this wasn’t you, ask for a new password with “Forgot password” right away.',
    exportSubject: 'Your Papo data is ready',
    exportIntro:
      'The file with your Papo data (profile, nicknames, private conversations, notifications, contact messages, favourites and channel levels) is ready.',
    exportWhere: 'Download it from Profile → Account and security → Export my data.',
    deletedSubject: 'Your Papo account was deleted',
    deletedIntro: 'Your Papo account and your data were deleted, and every device and IRC link has been signed out.',
    deletedKept: 'Your username stays reserved and cannot be taken by anyone else.',
    deviceSubject: 'New sign-in to your Papo account',
    deviceIntro: (device, when) =>
      `Your Papo account was signed in on a device it had not used before: ${device}, on ${when}.`,
    deviceUnknown: 'an unknown browser',
    deviceYou: 'If this was you, there is nothing to do.',
    deviceNotYou:
      'If this wasn’t you, change your password in Profile → Account and security: the other devices are then signed out.',
  },
  fr: {
    codeSubject: (code) => `${code} est votre code de vérification Papo`,
    greeting: (name) => `Bonjour ${name} !`,
    codeIntro: 'Utilisez ce code pour confirmer votre compte Papo :',
    codeExpiry: 'Le code est valable 15 minutes et ne peut servir qu’une fois.',
    resetSubject: 'Réinitialiser votre mot de passe Papo',
    resetIntro: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Papo.',
    resetAction: 'Choisir un nouveau mot de passe',
    resetExpiry: 'Le lien est valable 30 minutes et ne peut servir qu’une fois.',
    ignore: 'Si ce n’était pas vous, ignorez ce message.',
    changedSubject: 'Le mot de passe de votre Papo a été modifié',
    changedIntro: 'Le mot de passe de votre compte Papo vient d’être modifié dans les paramètres du compte.',
    changedOthers: 'Tous les autres appareils et connexions IRC ont été déconnectés.',
    changedNotYou:
      'Si ce n’était pas vous, demandez tout de suite un nouveau mot de passe avec « Mot de passe oublié ».',
    exportSubject: 'Vos données Papo sont prêtes',
    exportIntro:
      'Le fichier de vos données Papo (profil, pseudos, conversations privées, notifications, messages de contact, favoris et niveaux dans les salons) est prêt.',
    exportWhere: 'Téléchargez-le dans Profil → Compte et sécurité → Exporter mes données.',
    deletedSubject: 'Votre compte Papo a été supprimé',
    deletedIntro:
      'Votre compte Papo et vos données ont été supprimés, et tous les appareils et connexions IRC ont été déconnectés.',
    deletedKept: 'Votre nom d’utilisateur reste réservé et ne pourra pas être pris par quelqu’un d’autre.',
    deviceSubject: 'Nouvelle connexion à votre compte Papo',
    deviceIntro: (device, when) =>
      `Votre compte Papo s’est connecté sur un appareil qu’il n’avait jamais utilisé : ${device}, le ${when}.`,
    deviceUnknown: 'un navigateur inconnu',
    deviceYou: 'Si c’était vous, il n’y a rien à faire.',
    deviceNotYou:
      'Si ce n’était pas vous, changez votre mot de passe dans Profil → Compte et sécurité : les autres appareils seront déconnectés.',
  },
  es: {
    codeSubject: (code) => `${code} es tu código de verificación de Papo`,
    greeting: (name) => `¡Hola, ${name}!`,
    codeIntro: 'Usa este código para confirmar tu cuenta de Papo:',
    codeExpiry: 'El código es válido durante 15 minutos y solo se puede usar una vez.',
    resetSubject: 'Restablecer tu contraseña de Papo',
    resetIntro: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Papo.',
    resetAction: 'Elegir una nueva contraseña',
    resetExpiry: 'El enlace es válido durante 30 minutos y solo se puede usar una vez.',
    ignore: 'Si no fuiste tú, ignora este mensaje.',
    changedSubject: 'Se cambió la contraseña de tu Papo',
    changedIntro: 'La contraseña de tu cuenta de Papo se acaba de cambiar en la configuración de la cuenta.',
    changedOthers: 'Se cerró la sesión en todos los demás dispositivos y conexiones IRC.',
    changedNotYou: 'Si no fuiste tú, pide una nueva contraseña con «Olvidé mi contraseña» ahora mismo.',
    exportSubject: 'Tus datos de Papo están listos',
    exportIntro:
      'El archivo con tus datos de Papo (perfil, apodos, conversaciones privadas, notificaciones, mensajes de contacto, favoritos y niveles en los canales) está listo.',
    exportWhere: 'Descárgalo en Perfil → Cuenta y seguridad → Exportar mis datos.',
    deletedSubject: 'Se eliminó tu cuenta de Papo',
    deletedIntro:
      'Tu cuenta de Papo y tus datos se eliminaron, y se cerró la sesión en todos los dispositivos y conexiones IRC.',
    deletedKept: 'Tu nombre de usuario queda reservado y nadie más podrá usarlo.',
    deviceSubject: 'Nuevo inicio de sesión en tu cuenta de Papo',
    deviceIntro: (device, when) =>
      `Tu cuenta de Papo inició sesión en un dispositivo que no había usado antes: ${device}, el ${when}.`,
    deviceUnknown: 'un navegador desconocido',
    deviceYou: 'Si fuiste tú, no tienes que hacer nada.',
    deviceNotYou:
      'Si no fuiste tú, cambia la contraseña en Perfil → Cuenta y seguridad: los demás dispositivos cerrarán la sesión.',
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(lang: SupportedLanguage, body: string): string {
  return `<!doctype html><html lang="${lang}"><body style="font-family:Arial,sans-serif;color:#222;line-height:1.5">${body}</body></html>`;
}

/** The verification-code mail; `name` is the member's own text, escaped in the HTML part. */
export function verificationCodeMail(lang: SupportedLanguage, data: { name: string; code: string }): MailContent {
  const t = texts[lang];
  return {
    subject: t.codeSubject(data.code),
    text: [t.greeting(data.name), '', t.codeIntro, '', data.code, '', t.codeExpiry, t.ignore, ''].join('\n'),
    html: page(
      lang,
      `<p>${escapeHtml(t.greeting(data.name))}</p><p>${escapeHtml(t.codeIntro)}</p>` +
        `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${data.code}</p>` +
        `<p>${escapeHtml(t.codeExpiry)}<br>${escapeHtml(t.ignore)}</p>`,
    ),
  };
}

export function passwordResetMail(lang: SupportedLanguage, data: { name: string; link: string }): MailContent {
  const t = texts[lang];
  return {
    subject: t.resetSubject,
    text: [
      t.greeting(data.name),
      '',
      t.resetIntro,
      '',
      `${t.resetAction}: ${data.link}`,
      '',
      t.resetExpiry,
      t.ignore,
      '',
    ].join('\n'),
    html: page(
      lang,
      `<p>${escapeHtml(t.greeting(data.name))}</p><p>${escapeHtml(t.resetIntro)}</p>` +
        `<p><a href="${escapeHtml(data.link)}">${escapeHtml(t.resetAction)}</a></p>` +
        `<p>${escapeHtml(t.resetExpiry)}<br>${escapeHtml(t.ignore)}</p>`,
    ),
  };
}

/** Confirms a password change made in the account settings, and says what to do if it was not the member. */
export function passwordChangedMail(lang: SupportedLanguage, data: { name: string }): MailContent {
  const t = texts[lang];
  return {
    subject: t.changedSubject,
    text: [t.greeting(data.name), '', t.changedIntro, t.changedOthers, '', t.changedNotYou, ''].join('\n'),
    html: page(
      lang,
      `<p>${escapeHtml(t.greeting(data.name))}</p><p>${escapeHtml(t.changedIntro)}<br>${escapeHtml(t.changedOthers)}</p>` +
        `<p>${escapeHtml(t.changedNotYou)}</p>`,
    ),
  };
}

/** Says that the export asked for in the account settings is ready to download there. */
export function exportReadyMail(lang: SupportedLanguage, data: { name: string }): MailContent {
  const t = texts[lang];
  return {
    subject: t.exportSubject,
    text: [t.greeting(data.name), '', t.exportIntro, t.exportWhere, '', t.ignore, ''].join('\n'),
    html: page(
      lang,
      `<p>${escapeHtml(t.greeting(data.name))}</p><p>${escapeHtml(t.exportIntro)}<br>${escapeHtml(t.exportWhere)}</p>`,
    ),
  };
}

/** Confirms an account deletion; sent to the address the account had, which is gone from the database after. */
export function accountDeletedMail(lang: SupportedLanguage, data: { name: string }): MailContent {
  const t = texts[lang];
  return {
    subject: t.deletedSubject,
    text: [t.greeting(data.name), '', t.deletedIntro, t.deletedKept, ''].join('\n'),
    html: page(
      lang,
      `<p>${escapeHtml(t.greeting(data.name))}</p><p>${escapeHtml(t.deletedIntro)}<br>${escapeHtml(t.deletedKept)}</p>`,
    ),
  };
}

/**
 * Says the account signed in on a browser it had not used before (`device`: `Chrome · Linux`, null when the browser
 * does not say), at `when` (UTC), and what to do if it was not the member.
 */
export function newDeviceMail(
  lang: SupportedLanguage,
  data: { name: string; device: string | null; when: Date },
): MailContent {
  const t = texts[lang];
  const when = `${data.when.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const intro = t.deviceIntro(data.device ?? t.deviceUnknown, when);
  return {
    subject: t.deviceSubject,
    text: [t.greeting(data.name), '', intro, '', t.deviceYou, t.deviceNotYou, ''].join('\n'),
    html: page(
      lang,
      `<p>${escapeHtml(t.greeting(data.name))}</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(t.deviceYou)}<br>${escapeHtml(t.deviceNotYou)}</p>`,
    ),
  };
}
