import { describe, expect, it } from 'vitest';
import { type ChannelMember, ChannelViews, type MemberChange } from './channel-views.js';

const ana = { id: 1, nickname: 'ana', level: 0 };
const bia = { id: 2, nickname: 'bia', level: 5 };
const caio = { id: 3, nickname: 'caio' };
const gone: MemberChange = () => undefined;
const joined =
  (member: ChannelMember): MemberChange =>
  (known) =>
    known ?? member;
const nicknames = (members: Iterable<ChannelMember>) => [...members].map((member) => member.nickname).sort();

describe("channel lists shared by the node's IRC links", () => {
  it('keeps one list per channel, whatever the number of links in it, until the last one leaves', () => {
    const views = new ChannelViews();
    const first = views.open('#barra', [ana, bia]);
    const second = views.open('#barra', [ana, bia]);
    const other = views.open('#praia', [ana]);
    expect(views.size).toBe(2);
    expect(nicknames(second.members())).toEqual(['ana', 'bia']);
    expect(second.get(2)).toEqual({ nickname: 'bia', level: 5 });
    first.release();
    first.release();
    expect(views.size).toBe(2);
    second.release();
    other.release();
    expect(views.size).toBe(0);
  });

  it('makes each event once and hands every link the entry as it was before it', () => {
    const views = new ChannelViews();
    const first = views.open('#barra', [ana]);
    const second = views.open('#barra', [ana]);
    const join = ['user-joined'];
    expect(first.change(join, 2, joined({ nickname: 'bia', level: 0 }))).toEqual([
      undefined,
      { nickname: 'bia', level: 0 },
    ]);
    expect(second.change(join, 2, joined({ nickname: 'bia', level: 0 }))).toEqual([
      undefined,
      { nickname: 'bia', level: 0 },
    ]);
    const rename = ['nickname-changed'];
    const toBeatriz: MemberChange = (member) => member && { ...member, nickname: 'beatriz' };
    expect(first.change(rename, 2, toBeatriz)[0]?.nickname).toBe('bia');
    expect(second.change(rename, 2, toBeatriz)[0]?.nickname).toBe('bia');
    expect(nicknames(second.members())).toEqual(['ana', 'beatriz']);
    const part = ['user-left'];
    expect(first.change(part, 2, gone)[0]?.nickname).toBe('beatriz');
    expect(second.change(part, 2, gone)[0]?.nickname).toBe('beatriz');
    expect(second.has(2)).toBe(false);
  });

  it('lets a link told of a join or a part the room has not heard yet see it once, when it comes', () => {
    const views = new ChannelViews();
    const first = views.open('#barra', [ana, bia]);
    // The later link was told caio is there and bia is not, ahead of the events that say so.
    const later = views.open('#barra', [ana, caio]);
    expect(nicknames(first.members())).toEqual(['ana', 'bia']);
    expect(nicknames(later.members())).toEqual(['ana', 'caio']);
    const join = ['user-joined'];
    expect(first.change(join, 3, joined({ nickname: 'caio', level: 0 }))[0]).toBeUndefined();
    expect(later.change(join, 3, joined({ nickname: 'caio', level: 0 }))[0]).toEqual({ nickname: 'caio', level: 0 });
    const part = ['user-left'];
    expect(first.change(part, 2, gone)[0]?.nickname).toBe('bia');
    expect(later.change(part, 2, gone)[0]).toBeUndefined();
    expect(nicknames(first.members())).toEqual(['ana', 'caio']);
    expect(nicknames(later.members())).toEqual(['ana', 'caio']);
  });

  it('gives a link that knew another level only the change it did not know', () => {
    const views = new ChannelViews();
    const first = views.open('#barra', [ana, bia]);
    const later = views.open('#barra', [ana, { ...bia, level: 10 }]);
    const toTen: MemberChange = (member) => member && { ...member, level: 10 };
    const level = ['level-changed'];
    expect(first.change(level, 2, toTen)).toEqual([
      { nickname: 'bia', level: 5 },
      { nickname: 'bia', level: 10 },
    ]);
    expect(later.change(level, 2, toTen)).toEqual([
      { nickname: 'bia', level: 10 },
      { nickname: 'bia', level: 10 },
    ]);
    expect(later.get(2)).toEqual(first.get(2));
  });
});
