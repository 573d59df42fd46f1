/**
 * The event the music player sends on `window` when a track starts: a page of islands wakes its mini-player then
 * (islands/registry.ts). A module of its own, so the public entry names it without loading the player's store.
 */
export const nowPlayingEvent = 'papo:now-playing';
