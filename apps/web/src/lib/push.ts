import { pushRoutes } from '@papo/contract/browser-routes/push';
import { pushKinds, type PushKind, type PushSubscribed } from '@papo/contract/push';
import { ApiError, api } from './api';
import type { Language } from './i18n';

/** Where this device stands with notifications: the browser's permission and whether it is subscribed. */
export type DevicePushState = 'unsupported' | 'blocked' | 'off' | 'on';

/** Why turning notifications on did not end with a subscription. */
export class PushSetupError extends Error {
  constructor(readonly reason: 'blocked' | 'unreachable' | 'failed') {
    super(reason);
    this.name = 'PushSetupError';
  }
}

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The service worker's registration, or null when none is registered (a development build, or not yet). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This device's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

export async function devicePushState(): Promise<DevicePushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Tells the server which kinds this device wants (and in which language), for its current subscription. */
export function saveDeviceSubscription(
  subscription: PushSubscription,
  kinds: readonly PushKind[],
  language: Language,
): Promise<PushSubscribed> {
  // a subscription without its keys is sent as it is, and refused with the server's `invalid_push_key`.
  const keys = subscription.toJSON().keys;
  return api(pushRoutes.subscribe, {
    body: {
      endpoint: subscription.endpoint,
      keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
      kinds: [...kinds],
      language,
    },
  });
}

/**
 * Turns notifications on for this device: asks the browser's permission (the click that calls this is the only
 * time it is asked), subscribes with the server's key and stores the subscription for the signed-in member.
 * Throws a PushSetupError saying why when it cannot.
 */
export async function enableDevicePush(
  kinds: readonly PushKind[] = pushKinds,
  language: Language = 'pt',
): Promise<PushSubscribed> {
  if (!pushSupported()) throw new PushSetupError('failed');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError(permission === 'denied' ? 'blocked' : 'failed');
  const ready = await registration();
  if (!ready) throw new PushSetupError('failed');
  const { publicKey } = await api(pushRoutes.key);
  let subscription: PushSubscription;
  try {
    subscription =
      (await ready.pushManager.getSubscription()) ??
      (await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  } catch (error) {
    // the browser reaches its own push service (Google's, Mozilla's, Apple's) to subscribe; without it, an AbortError.
    throw new PushSetupError(
      error instanceof DOMException && (error.name === 'AbortError' || error.name === 'NetworkError')
        ? 'unreachable'
        : 'failed',
    );
  }
  return saveDeviceSubscription(subscription, kinds, language);
}

/**
 * Turns notifications off for this device: the server forgets it and the browser unsubscribes. `token` is the
 * member's access token when the session is ending (logout) and no longer holds it.
 */
export async function disableDevicePush(token?: string): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await api(pushRoutes.unsubscribe, { body: { endpoint: subscription.endpoint }, token }).catch((error: unknown) => {
      // a device the server had already forgotten is off as asked.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    });
  } finally {
    // unsubscribed here whatever the server answered: the push service then answers 410 and the server forgets it too.
    await subscription.unsubscribe();
  }
}
