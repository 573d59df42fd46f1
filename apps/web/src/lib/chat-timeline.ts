/** One entry of a chat log as shown: where a new day starts, and whether it continues its sender's run. */
export interface TimelinePlace {
  /** The local calendar day starts here (first entry, or a different day from the one before). */
  newDay: boolean;
  /** Same sender as the entry before, on the same day, within `groupWindowMs`: shown without repeating who. */
  continued: boolean;
}

interface TimelineEntry {
  timestamp: string;
  /** Who wrote it; null for lines nobody wrote (system lines), which never group. */
  sender: string | number | null;
}

// a pause longer than this starts a new group, as Discord and Slack do, so a reply after a break names its sender again.
const groupWindowMs = 5 * 60_000;

/** The local day of an instant as `YYYY-M-D`, for comparing days in the reader's own time zone. */
export function localDay(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** For each entry: whether a day separator goes before it and whether it continues the sender's group. */
export function placeInTimeline(entries: readonly TimelineEntry[]): TimelinePlace[] {
  return entries.map((entry, index) => {
    const previous = index > 0 ? entries[index - 1] : undefined;
    const newDay = !previous || localDay(previous.timestamp) !== localDay(entry.timestamp);
    const continued =
      !newDay &&
      previous !== undefined &&
      entry.sender !== null &&
      previous.sender === entry.sender &&
      Date.parse(entry.timestamp) - Date.parse(previous.timestamp) <= groupWindowMs;
    return { newDay, continued };
  });
}
