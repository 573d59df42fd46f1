/**
 * Whether `value` is one of `list`'s members, narrowing it to their type: the one check for "is this string one of
 * the contract's names" (languages, countries, folders, formats), instead of widening the list with a cast.
 */
export function isOneOf<T>(list: readonly T[], value: unknown): value is T {
  return list.some((item) => item === value);
}
