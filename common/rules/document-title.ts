/**
 * A page's `<title>`: "<page> — <store>", or the store's name alone for its home (the catalog).
 * One format for the head the relay renders and the title the app sets after hydrating, so a
 * tab, a bookmark and a search result read the same whichever wrote it, and the title does not
 * change under the reader when the app takes over the server's page.
 */
export function documentTitle(page: string, store: string): string {
  return page ? `${page} — ${store}` : store
}
