// This phone's leaderboard profile (/api/v1/profiles): its id, its key and its name, kept in
// localStorage.  No account and no e-mail: the key is the profile, and it moves to another
// phone as a code, ID.KEY, typed or in a QR code of a link (#profile=ID.KEY: a fragment,
// which no request carries to a server).  The rooms' requests send {id, key} with a new
// table or a join (rooms.js), so that a game where every seat has a profile is rated.

const PROFILE_KEY = "liars.profile";
const LINK_MARK = "profile=";

/** The profile kept on this phone ({id, key, name}), or null. */
export function keptProfile() {
  try {
    const kept = JSON.parse(localStorage.getItem(PROFILE_KEY));
    if (kept && typeof kept.id === "string" && typeof kept.key === "string") return kept;
  } catch { /* nothing kept, or not ours */ }
  return null;
}

/** Keep `profile` ({id, key, name}) on this phone; null forgets it. */
export function keepProfile(profile) {
  try {
    if (profile) {
      localStorage.setItem(PROFILE_KEY, JSON.stringify({ id: profile.id, key: profile.key,
        name: profile.name }));
    } else {
      localStorage.removeItem(PROFILE_KEY);
    }
  } catch { /* private mode: the profile lasts as long as the tab */ }
}

/** What a room's create or join adds to its body: {profile: {id, key}}, or nothing. */
export function profileBody() {
  const kept = keptProfile();
  return kept ? { profile: { id: kept.id, key: kept.key } } : {};
}

/** A profile's code as one text: ID.KEY. */
export const profileCode = (profile) => `${profile.id}.${profile.key}`;

/** The link that carries the code to another phone: this page, #profile=ID.KEY. */
export function profileLink(profile) {
  const url = new URL(location.href);
  url.search = "";
  url.hash = LINK_MARK + profileCode(profile);
  return url.href;
}

/** {id, key} from a code as typed or pasted (ID.KEY, or the whole link), or null. */
export function readProfileCode(text) {
  const at = text.indexOf(LINK_MARK);
  const code = (at >= 0 ? text.slice(at + LINK_MARK.length) : text).trim();
  const match = /^([a-z0-9]+)\.([A-Za-z0-9_-]+)$/.exec(code);
  return match ? { id: match[1], key: match[2] } : null;
}

/** The code a link to this page carries (#profile=...), if any. */
export function linkedCode() {
  const hash = location.hash.replace(/^#/, "");
  return hash.startsWith(LINK_MARK) ? decodeURIComponent(hash.slice(LINK_MARK.length)) : "";
}
