/**
 * Who is in each channel as the node's IRC links were told: one member list per channel for every link of the node in
 * it, rather than one per link, so an idle link costs the same in a room of ten as in a room of thousands.
 */

/** A channel member as a link shows them: the nickname and the level the web's list shows. */
export interface ChannelMember {
  readonly nickname: string;
  readonly level: number;
}

/** What an event does to one user's entry (undefined: not in the channel). Entries are replaced, never changed. */
export type MemberChange = (member: ChannelMember | undefined) => ChannelMember | undefined;

/** One user's entry before and after an event. */
type Step = readonly [before: ChannelMember | undefined, after: ChannelMember | undefined];

/** One channel's members as the node's links in it heard them, and how many links hold it. */
class ChannelView {
  readonly members = new Map<number, ChannelMember>();
  holders = 0;

  constructor(readonly room: string) {}
}

const same = (a: ChannelMember | undefined, b: ChannelMember | undefined) =>
  a === b || (a?.nickname === b?.nickname && a?.level === b?.level);

/**
 * The node's channel lists. Every link in a room hears the same event object (the adapter, the room outbox and
 * presence's batches hand each member the one object), so an event changes a list once, for whichever link hears it first, and the others are handed the step it
 * made: each still sees the entry as it was before the event.
 */
export class ChannelViews {
  private readonly views = new Map<string, ChannelView>();
  private readonly steps = new WeakMap<object, Map<ChannelView, Map<number, Step>>>();

  /** How many channel lists the node keeps. */
  get size(): number {
    return this.views.size;
  }

  /**
   * A link was told who is in the room (`users`): its state of the channel. The first link in the room starts the
   * node's list from it; a later one notes only where it was told otherwise than the list says (a join or part the
   * room has not heard yet), which the events that follow settle.
   */
  open(room: string, users: readonly { id: number; nickname: string; level?: number }[]): ChannelState {
    let view = this.views.get(room);
    const told = new Map(users.map((user) => [user.id, { nickname: user.nickname, level: user.level ?? 0 }]));
    if (!view) {
      view = new ChannelView(room);
      for (const [id, member] of told) view.members.set(id, member);
      this.views.set(room, view);
    }
    view.holders += 1;
    const own = new Map<number, ChannelMember | null>();
    for (const [id, member] of told) if (!same(view.members.get(id), member)) own.set(id, member);
    for (const id of view.members.keys()) if (!told.has(id)) own.set(id, null);
    return new ChannelState(this, view, own.size > 0 ? own : undefined);
  }

  /** A link no longer holds the channel; the list goes with the node's last link in it. */
  release(view: ChannelView): void {
    view.holders -= 1;
    if (view.holders <= 0 && this.views.get(view.room) === view) this.views.delete(view.room);
  }

  /** The step `event` makes to the user's entry of the list, made once for all the links that hear it. */
  step(event: object, view: ChannelView, userId: number, change: MemberChange): Step {
    let byView = this.steps.get(event);
    if (!byView) this.steps.set(event, (byView = new Map()));
    let byUser = byView.get(view);
    if (!byUser) byView.set(view, (byUser = new Map()));
    const known = byUser.get(userId);
    if (known) return known;
    const before = view.members.get(userId);
    const after = change(before);
    if (after) view.members.set(userId, after);
    else view.members.delete(userId);
    const made: Step = [before, after];
    byUser.set(userId, made);
    return made;
  }
}

/** One joined channel as one link knows it: the node's list, and where this link was told otherwise. */
export class ChannelState {
  private released = false;

  constructor(
    private readonly views: ChannelViews,
    private readonly view: ChannelView,
    /** Entries this link knows otherwise than the list (null: the link was not told of the user). */
    private own: Map<number, ChannelMember | null> | undefined,
  ) {}

  get(userId: number): ChannelMember | undefined {
    if (this.own?.has(userId)) return this.own.get(userId) ?? undefined;
    return this.view.members.get(userId);
  }

  has(userId: number): boolean {
    return this.get(userId) !== undefined;
  }

  /** Who is there as this link knows it. */
  *members(): IterableIterator<ChannelMember> {
    const own = this.own;
    for (const [id, member] of this.view.members) if (!own?.has(id)) yield member;
    if (own) for (const member of own.values()) if (member) yield member;
  }

  /** What `event` does to the user's entry, as this link knew it before the event and after. */
  change(event: object, userId: number, change: MemberChange): Step {
    const step = this.views.step(event, this.view, userId, change);
    const own = this.own;
    if (!own?.has(userId)) return step;
    const before = own.get(userId) ?? undefined;
    const after = change(before);
    if (same(after, step[1])) own.delete(userId);
    else own.set(userId, after ?? null);
    if (own.size === 0) this.own = undefined;
    return [before, after];
  }

  /** The link left the channel. */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.views.release(this.view);
  }
}
