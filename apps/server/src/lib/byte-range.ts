/** A satisfiable byte range of a file of `size` bytes, inclusive; null when the header asks for none of it. */
export function parseByteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'whole' | null {
  // several ranges in one header (multipart answers) are rare for media; the whole file answers them.
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return 'whole';
  if (!match[1]) {
    const suffix = Number(match[2]);
    return suffix === 0 ? null : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start >= size || end < start ? null : { start, end };
}
