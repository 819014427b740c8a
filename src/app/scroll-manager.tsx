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
 * Back and forward return to where the visitor was; a new page starts at the top; a filter
 * change (REPLACE) keeps the scroll. React Router's ScrollRestoration does the same, but costs
 * about 1 KB gzip on the catalog's first load, which its byte budget cannot spare.
 */
let firstRender = true

export function ScrollManager() {
  const location = useLocation()
  const navigation = useNavigationType()
  useLayoutEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual'
    const saved = positions()[location.key]
    // Back/forward and reload go back to where the visitor was. The first render never moves a
    // page the visitor has already scrolled: a server-rendered page can be read (and scrolled)
    // before it hydrates, and yanking it to the top would also move what they were tapping.
    if (navigation === 'POP' && saved !== undefined && !(firstRender && window.scrollY !== 0)) {
      window.scrollTo(0, saved)
    }
    firstRender = false
    if (navigation === 'PUSH' && !location.hash) window.scrollTo(0, 0)
    return () => {
      const saved = positions()
      saved[location.key] = window.scrollY
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved))
      } catch {
        // storage full or disabled: scroll positions are a nicety
      }
    }
  }, [location.key, location.hash, navigation])
  return null
}
