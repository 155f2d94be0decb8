// Where state is kept between visits: the URL hash (shareable) and a draft
// plus preferences in localStorage (this browser only). Storage can be
// missing or refuse writes (private windows, sandboxed iframes, quota):
// every call here degrades to doing nothing.

const DRAFT_KEY = 'ndcg-calc:draft';
const PREF_KEY = 'ndcg-calc:prefs';

function storage() {
  try {
    return globalThis.localStorage || null;
  } catch {
    return null;
  }
}

/** The current hash without "#". */
export function readHash() {
  return (globalThis.location && location.hash ? location.hash.slice(1) : '');
}

/**
 * Puts `hash` in the address bar without adding a history entry or firing
 * hashchange. Falls back to location.replace where history is unavailable.
 */
export function writeHash(hash) {
  const target = `#${hash}`;
  if (location.hash === target || (!hash && !location.hash)) return;
  try {
    history.replaceState(history.state, '', target);
  } catch {
    try {
      location.replace(target);
    } catch {
      // an opaque sandbox: the hash simply is not updated
    }
  }
}

/** The saved draft: {hash, text, qrels} or null. */
export function loadDraft() {
  const s = storage();
  if (!s) return null;
  try {
    const draft = JSON.parse(s.getItem(DRAFT_KEY) || 'null');
    if (!draft || typeof draft.hash !== 'string' || typeof draft.text !== 'string') return null;
    return { hash: draft.hash, text: draft.text, qrels: typeof draft.qrels === 'string' ? draft.qrels : '' };
  } catch {
    return null;
  }
}

/** Saves the draft; false when storage refused it (too large, disabled). */
export function saveDraft(hash, text, qrels) {
  const s = storage();
  if (!s) return false;
  try {
    s.setItem(DRAFT_KEY, JSON.stringify({ hash, text, qrels }));
    return true;
  } catch {
    return false;
  }
}

/** Preferences such as the theme: a small object. */
export function loadPrefs() {
  const s = storage();
  try {
    const prefs = s ? JSON.parse(s.getItem(PREF_KEY) || '{}') : {};
    return prefs && typeof prefs === 'object' ? prefs : {};
  } catch {
    return {};
  }
}

export function savePref(name, value) {
  const s = storage();
  if (!s) return;
  try {
    const prefs = loadPrefs();
    prefs[name] = value;
    s.setItem(PREF_KEY, JSON.stringify(prefs));
  } catch {
    // preferences are a convenience only
  }
}
