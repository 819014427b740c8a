import { useLayoutEffect } from 'react'
import { useLocation, useNavigationType } from 'react-router'

const STORAGE_KEY = 'vitrine.rolagem'

function positions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>
  } catch {
    return {}
  }
}

/**
 * Back and forward return to where the visitor was; a new page starts at the top, also when it
 * replaces the last one (the checkout gives way to its order, a login to where it returns); a
 * filter change (REPLACE on the same page) keeps the scroll. React Router's ScrollRestoration
 * does the same, but costs about 1 KB gzip on the catalog's first load, which its byte budget
 * cannot spare.
 */
/** The history entry on screen (none before the first render), and how far down it was scrolled. */
let shown: string | undefined
/** Its page: a REPLACE by another page (the checkout by its order) is a new page, not a filter. */
let shownPath: string | undefined
/**
 * Kept by the scroll events, not read when the page is left: by the time a navigation commits,
 * React has already put the next page in, and reading `scrollY` then gives a long catalog's
 * position cut down to the height of the product page that replaced it.
 */
let y = 0

export function ScrollManager() {
  const location = useLocation()
  const navigation = useNavigationType()
  const path = location.pathname
  useLayoutEffect(() => {
    // Every browser that runs the app's modules has it.
    history.scrollRestoration = 'manual'
    const saved = positions()
    // A page loaded anew has no history entry of its own yet (its key is "default", whatever its
    // address): its position is kept under its address, so another page loaded anew in this tab
    // never takes it.
    const id = location.key == 'default' ? path : location.key
    const first = shown === undefined
    if (first) addEventListener('scroll', () => (y = scrollY))
    // The entry left, unless it was replaced (a search, a filter): nothing returns to that one.
    else if (shown !== id && navigation !== 'REPLACE') {
      saved[shown!] = y
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved))
      } catch {
        // storage full or disabled: scroll positions are a nicety
      }
    }
    const at = saved[id]
    // Back/forward and reload go back to where the visitor was. The first render never moves a
    // page the visitor has already scrolled: a server-rendered page can be read (and scrolled)
    // before it hydrates, and yanking it to the top would also move what they were tapping.
    if (navigation === 'POP' && at !== undefined && !(first && scrollY !== 0)) {
      // Cards laid out by estimate (`content-visibility: auto`, new ones since the page was left)
      // are measured for real while it is put back (styles.css), or the visitor lands some pixels
      // per card away from where they were; off again once a frame has remembered their sizes.
      const root = document.documentElement.classList
      root.add('restoring')
      scrollTo(0, at)
      requestAnimationFrame(() => requestAnimationFrame(() => root.remove('restoring')))
    }
    if (navigation !== 'POP' && !location.hash && (navigation === 'PUSH' || shownPath !== path))
      scrollTo(0, 0)
    shown = id
    shownPath = path
    y = scrollY
  }, [location.key, location.hash, path, navigation])
  return null
}
