import { parsePlaceRef, type PlaceRef } from './place-ref'

/**
 * Links as paths: `/i/34_k9x` and `/u/12_ab3f` (the landings), and a referrer's short link to a
 * product, `/i/21-ana-souza/token-usb`. Read the same way by the app's landing, the relay's
 * server render and short links, and the referrer's kit. Not in place-ref.ts: that module is in
 * the catalog's first load, and none of this is.
 */

/**
 * A landing path's segment as a reference (`/i/34_k9x` → `i34_k9x`): the letter comes from the
 * path, and a segment that repeats it (`/i/i34_k9x`) is read the same. The text is what the
 * landing captures, so a broken one is refused there with the visit's notice.
 */
export function landingRefText(letter: 'i' | 'u', segment: string): string {
  return segment.startsWith(letter) ? segment : `${letter}${segment}`
}

/** The place a landing path's segment names; null when it names none, or one of the other letter (`/i/u12_ab3f`). */
export function placeRefFromPath(letter: 'i' | 'u', segment: string): PlaceRef | null {
  const place = parsePlaceRef(landingRefText(letter, segment))
  return place && place.ref[0] === letter ? place : null
}
