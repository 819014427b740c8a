/**
 * Taps a server-rendered page held while its JavaScript was on the way, made again once the
 * part of the page they were made on can answer them. The head script (server/first-view/page-render.ts,
 * `deferEntry`) holds every tap and Enter on a button in `__vitrineEarlyClicks` until told which
 * buttons answer (`__vitrineEarlyClicksFree`); src/app/early-clicks.ts says when the page has
 * hydrated.
 *
 * Why parts: hydration does not reach every button at once. A part whose code is a lazy chunk
 * inside Suspense (the card form on an order page, the link banner) stays the server's markup
 * until its chunk arrives, and React drops a click on such a boundary: it tries to hydrate it
 * there and then, cannot without the code, and stops the event (react-dom's dispatchEvent). So a
 * tap on "Pagar com cartão" made again when the page had hydrated was lost every time, and so
 * was one made between then and the chunk's arrival, once the page had stopped holding. Such a
 * part marks its element (`useLatePart`, late-part.ts): taps on it stay held until the element
 * is React's, which the part says by marking it ready and sending LATE_PART_READY.
 *
 * A held button is marked `aria-busy="true"` by the head script (styles.css shows it working),
 * so the person sees their tap was taken while the page waits; the mark goes when it is made
 * again. React renders no `aria-busy` on these buttons, so it never fights over the mark.
 */

interface HeldTapsWindow {
  __vitrineEarlyClicks?: HTMLElement[]
  __vitrineEarlyClicksFree?: (button: HTMLElement) => boolean
  __vitrineEarlyClicksStop?: () => void
}

/** A late part's element; `data-late-part="ready"` once React has attached it. */
export const LATE_PART = 'data-late-part'
/** The window event a late part sends when it answers. */
export const LATE_PART_READY = 'vitrine-late-part'

const ready = (part: Element) => part.getAttribute(LATE_PART) === 'ready'

function answers(button: Element): boolean {
  const part = button.closest(`[${LATE_PART}]`)
  return part === null || ready(part)
}

function replay(): void {
  const w = window as HeldTapsWindow
  const held = w.__vitrineEarlyClicks
  // Nothing held, or the page has not hydrated yet (the root says so: firstViewHydrated).
  if (!held || !w.__vitrineEarlyClicksFree) return
  const now = held.filter(answers)
  // The same array: the head script keeps adding taps on the parts still on their way.
  held.splice(0, held.length, ...held.filter((button) => !answers(button)))
  const waiting = Array.from(document.querySelectorAll(`[${LATE_PART}]`)).some((p) => !ready(p))
  if (!waiting) {
    removeEventListener(LATE_PART_READY, replay)
    w.__vitrineEarlyClicksStop?.()
    // Gone once every part answers (journeys wait for that: e2e/fixtures/app-ready.ts).
    delete w.__vitrineEarlyClicks
    delete w.__vitrineEarlyClicksFree
    delete w.__vitrineEarlyClicksStop
  }
  for (const button of now) {
    // The head script marks a held button busy (the tap was taken); the app answers it now.
    button.removeAttribute('aria-busy')
    if (button.isConnected) button.click()
  }
}

/** The first view has hydrated (the root's effect): taps outside late parts are made again. */
export function firstViewHydrated(): void {
  const w = window as HeldTapsWindow
  if (w.__vitrineEarlyClicks) {
    w.__vitrineEarlyClicksFree = answers
    addEventListener(LATE_PART_READY, replay)
  }
  replay()
}
