// What a person's name can be when the platform writes it into a message it sends
// (docs/decisions/221-lead-messages-no-relay.md): letters (any script, with their accents),
// single spaces, hyphens and apostrophes between letters, at most MESSAGE_NAME_MAX characters.
// A name typed by an anonymous visitor that is anything else (a link, digits, punctuation, a
// sentence) is left out of the message, so the platform never relays a stranger's text.
// Browser-safe: no imports.

/** The longest name a message carries ("Marie-Christine", "Jean-Baptiste Emmanuel" fit). */
export const MESSAGE_NAME_MAX = 40;

// A letter (with its combining marks), then letters, or one separator followed by a letter.
const NAME = /^\p{L}\p{M}*(?:\p{L}\p{M}*|[ '’-]\p{L}\p{M}*)*$/u;

/** The name as a message may carry it (trimmed, single spaces, composed accents), or null when it may not. */
export function nameForMessage(typed: string | null | undefined): string | null {
  if (typeof typed !== 'string') return null;
  // Runs of spaces become one; any other white space (a line break, a tab) is not in a name.
  const name = typed.trim().replace(/ {2,}/g, ' ').normalize('NFC');
  if (name.length === 0 || name.length > MESSAGE_NAME_MAX) return null;
  return NAME.test(name) ? name : null;
}
