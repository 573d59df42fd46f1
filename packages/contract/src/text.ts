import { z } from 'zod';

/**
 * Control characters no text field stores: C0 (NUL included) and C1 controls and DEL. PostgreSQL cannot hold
 * NUL in `text` at all (it answered 500 where SQLite stored it), so both databases see the same refusal here.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacter = /[\u0000-\u001F\u007F-\u009F]/;
/** Multi-line fields keep tab, line feed and carriage return (a textarea sends CR LF). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacterInText = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** A UTF-16 surrogate without its pair has no UTF-8 form; the database would store a replacement character. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The field key every text field answers when it carries a control character or a lone surrogate. */
export const invalidCharactersKey = 'invalid_characters';

/** One line of plain text: no control characters at all. */
export const isPlainText = (value: string): boolean => !controlCharacter.test(value) && !loneSurrogate.test(value);

/** Plain text that may span lines: tab, line feed and carriage return allowed. */
export const isPlainMultiline = (value: string): boolean =>
  !controlCharacterInText.test(value) && !loneSurrogate.test(value);

/** Options of the refinement: later checks (min, max, regex) are skipped once the characters are wrong. */
export const plainTextCheck = { message: invalidCharactersKey, abort: true } as const;

/**
 * The string schema new fields start from: `missingKey` when absent, `invalid_type` when not a string,
 * `invalid_characters` for control characters. Chain `.trim()`, `.min()`, `.max()` as usual.
 */
export const plainText = (missingKey = 'invalid_type', opts: { multiline?: boolean } = {}) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? missingKey : 'invalid_type') })
    .refine(opts.multiline ? isPlainMultiline : isPlainText, plainTextCheck);
