// The parts an embedded view can show, named the same way in the
// component's `parts` attribute, embed.html's `parts=` hash key and the
// Embed dialog. Pure functions; nothing here touches the DOM.

/** Every part, in the order it is drawn. */
export const PARTS = Object.freeze(['input', 'headline', 'tables', 'charts', 'metrics', 'presets']);

/** What an embed shows when it names no parts. */
export const DEFAULT_PARTS = Object.freeze(['input', 'headline', 'tables']);

/** The full page shows every part (its input lives in its own region). */
export const ALL_PARTS = Object.freeze(new Set(PARTS));

/**
 * The parts a list names ("headline tables", "headline,charts"), as a Set.
 * Unknown names are skipped; a list naming none gives `fallback`.
 */
export function readParts(text, fallback = DEFAULT_PARTS) {
  const named = String(text ?? '').split(/[\s,]+/).filter((name) => PARTS.includes(name));
  return new Set(named.length ? named : fallback);
}

/** A set of parts as the text of an attribute or a hash value, in PARTS order. */
export function writeParts(parts, separator = ' ') {
  return PARTS.filter((name) => parts.has(name)).join(separator);
}

/** True when `parts` is exactly the default set. */
export function isDefaultParts(parts) {
  return parts.size === DEFAULT_PARTS.length && DEFAULT_PARTS.every((name) => parts.has(name));
}
