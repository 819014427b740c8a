import { createExternalStore } from '../state/external-store'

/**
 * One polite live region for the whole app (see announcer.tsx): additions to the cart,
 * removals, saved changes. A zero-width suffix alternates so the same text is announced again.
 */
export const announcements = createExternalStore({ text: '', n: 0 })

export function announce(text: string) {
  const n = announcements.get().n + 1
  announcements.set({ text: n % 2 ? text : `${text}\u200b`, n })
}
