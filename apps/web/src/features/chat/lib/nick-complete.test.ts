import { describe, expect, it } from 'vitest';
import { neighbourOf } from '../hooks/use-close-channel';
import { stepThrough, switchOrder } from '../components/chat-host';
import { applyCompletion, startCompletion, stepHistory } from './nick-complete';
import { matchPlaces } from './switcher-places';

const nicks = ['bia', 'Bruno', 'ana', 'beto'];

describe('nickname completion', () => {
  it('completes the word before the caret with the channel’s nicknames in order, cycling, addressing at the line’s start', () => {
    const started = startCompletion('b', 1, nicks, 'ana');
    expect(started?.candidates).toEqual(['beto', 'bia', 'Bruno']);
    if (!started) throw new Error('no completion');
    expect(applyCompletion('b', 1, started)).toEqual({ value: 'beto: ', caret: 6 });
    expect(applyCompletion('b', 1, { ...started, index: 2 })).toEqual({ value: 'Bruno: ', caret: 7 });
    const middle = startCompletion('oi br tudo bem', 5, nicks, 'ana');
    if (!middle) throw new Error('no completion');
    expect(applyCompletion('oi br tudo bem', 5, middle)).toEqual({ value: 'oi Bruno tudo bem', caret: 9 });
  });

  it('keeps the @ of a mention, leaves the member’s own nickname out, and has nothing for an empty word or no match', () => {
    const at = startCompletion('oi @a', 5, nicks, 'bia');
    if (!at) throw new Error('no completion');
    expect(applyCompletion('oi @a', 5, at).value).toBe('oi @ana ');
    expect(startCompletion('a', 1, nicks, 'ana')).toBeNull();
    expect(startCompletion('oi ', 3, nicks, null)).toBeNull();
    expect(startCompletion('zz', 2, nicks, null)).toBeNull();
  });

  it('walks the sent lines with ↑ from the newest and back to the line being written with ↓', () => {
    expect(stepHistory(3, null, -1)).toBe(2);
    expect(stepHistory(3, 2, -1)).toBe(1);
    expect(stepHistory(3, 0, -1)).toBe(0);
    expect(stepHistory(3, 1, 1)).toBe(2);
    expect(stepHistory(3, 2, 1)).toBeNull();
    expect(stepHistory(3, null, 1)).toBeNull();
    expect(stepHistory(0, null, -1)).toBeNull();
  });
});

describe('moving between open channels and conversations', () => {
  it('goes round the open channels then the sidebar’s conversations with Alt+↑/↓', () => {
    const order = switchOrder(['a', 'b'], [7]);
    expect(order).toEqual(['/a', '/b', '/pvt/7']);
    expect(stepThrough(order, '/a', 1)).toBe('/b');
    expect(stepThrough(order, '/pvt/7', 1)).toBe('/a');
    expect(stepThrough(order, '/a', -1)).toBe('/pvt/7');
    expect(stepThrough(order, '/blog', 1)).toBe('/a');
    expect(stepThrough([], '/a', 1)).toBeNull();
  });

  it('brings the next tab forward when one closes, else the one before', () => {
    expect(neighbourOf(['a', 'b', 'c'], 'b')).toBe('c');
    expect(neighbourOf(['a', 'b', 'c'], 'c')).toBe('b');
    expect(neighbourOf(['a'], 'a')).toBeNull();
  });

  it('finds places by any part of their name in the quick switcher, and offers to open a new valid channel', () => {
    const conversations = [{ id: 7, name: 'Bia', user: { id: 2, name: 'bia_rj' }, unread: 2 }];
    const from = (channels: string[], list = conversations) => ({
      channels,
      conversations: list,
      channelUsers: [],
      selfId: 1,
    });
    expect(matchPlaces('', from(['barra', 'rio'])).map((place) => place.key)).toEqual(['c:barra', 'c:rio', 'p:7']);
    expect(matchPlaces('#ri', from(['barra', 'rio'])).map((place) => place.key)).toEqual(['c:rio', 'n:ri']);
    expect(matchPlaces('bi', from(['barra'])).map((place) => [place.group, place.key])).toEqual([
      ['channels', 'n:bi'],
      ['people', 'p:7'],
    ]);
    expect(matchPlaces('_rj', from([])).map((place) => place.key)).toEqual(['n:_rj', 'p:7']);
    expect(matchPlaces('Não Vale', from(['barra'], []))).toEqual([]);
  });

  it('offers the people of the channel on screen once something is typed, leaving out the member and existing conversations', () => {
    const sources = {
      channels: ['barra'],
      conversations: [{ id: 7, name: 'Bia', user: { id: 2, name: 'bia' }, unread: 0 }],
      channelUsers: [
        { id: 1, nickname: 'ana', level: 5 },
        { id: 2, nickname: 'Bia', level: 0 },
        { id: 3, nickname: 'Anabela', level: 0 },
      ],
      selfId: 1,
    };
    expect(matchPlaces('', sources).map((place) => place.key)).toEqual(['c:barra', 'p:7']);
    expect(matchPlaces('@an', sources).map((place) => [place.kind, place.label])).toEqual([
      ['new', '#an'],
      ['person', 'Anabela'],
    ]);
  });
});
