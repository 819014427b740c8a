import { useCallback } from 'react'
import { LATE_PART, LATE_PART_READY } from './held-taps'

/**
 * Props for the element of a part whose code arrives after the page hydrates (a lazy chunk
 * inside Suspense) and that holds buttons: taps on it wait for it. The ref is attached when
 * React has hydrated (or rendered) the element, which is when its buttons answer; the taps are
 * made again after that commit, never inside it.
 */
export function useLatePart<T extends HTMLElement>() {
  const ref = useCallback((element: T | null) => {
    if (!element) return
    element.setAttribute(LATE_PART, 'ready')
    queueMicrotask(() => dispatchEvent(new Event(LATE_PART_READY)))
  }, [])
  return { ref, [LATE_PART]: '' }
}
