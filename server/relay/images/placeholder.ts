/**
 * What `/img/` answers when it cannot give the picture: a plain light-grey 4:3 box of the width
 * asked for, so the page around it keeps its shape and never waits on, or breaks with, one bad
 * picture. Written here, never from anything the service sent, so this SVG holds no script; it
 * needs no sharp, so it is as quick when the resizer is busy as when it is idle.
 */

/** Why a placeholder was answered (logged; a test reads it from `X-Picture`). */
export type PlaceholderReason =
  | 'unavailable' // the host answered an error, or could not be reached
  | 'too_large' // more bytes, or more pixels, than the caps
  | 'timeout' // the host took longer than the fetch deadline
  | 'unreadable' // not a picture sharp can read (corrupt, truncated, another format)
  | 'busy' // the resize queue is full

/**
 * How long a browser may keep it: a failure of the picture is kept a minute (a page full of a
 * broken picture's copies does not ask again on every view, and a fixed one shows soon), never
 * `immutable`. A full queue says nothing about the picture: `no-store`, so the next view asks
 * again once the relay has room.
 */
function placeholderCacheControl(reason: PlaceholderReason): string {
  return reason === 'busy' ? 'no-store' : 'public, max-age=60'
}

const FILL = '#eceff1'

function placeholderSvg(width: number): string {
  const height = Math.round((width * 3) / 4)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 4 3"><rect width="4" height="3" fill="${FILL}"/></svg>`
  )
}

export function placeholderResponse(width: number, reason: PlaceholderReason): Response {
  return new Response(placeholderSvg(width), {
    // 200, also when busy: an `<img>` shows a 200's picture; the box is the answer either way,
    // and a 503 would only add a console error per picture to a page that is otherwise fine.
    status: 200,
    headers: {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': placeholderCacheControl(reason),
      'X-Picture': `placeholder; ${reason}`,
      Vary: 'Accept',
    },
  })
}
