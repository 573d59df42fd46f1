/** Whether a parsed JSON value (or a request body) is an object whose fields can be read by name; arrays are not. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
