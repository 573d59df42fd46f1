import { describe, expect, it } from 'vitest';
import { channelWithoutSlug } from './default-channel';

describe('channel without a slug', () => {
  it('is the first favourite, else barra', () => {
    expect(channelWithoutSlug(['rio', 'sampa'])).toBe('rio');
    expect(channelWithoutSlug([])).toBe('barra');
  });

  it('skips the channel being left, and has nowhere to go when that was barra without favourites', () => {
    expect(channelWithoutSlug(['rio', 'sampa'], 'rio')).toBe('sampa');
    expect(channelWithoutSlug(['rio'], 'rio')).toBe('barra');
    expect(channelWithoutSlug([], 'barra')).toBeNull();
  });
});
