import { createHash } from 'node:crypto'
import { posix } from 'node:path'
import { FIRST_VIEW_ID } from '../src/app/first-view'
import { escapeHtml } from '../server/first-view/page-head'

/**
 * What scripts/prerender-demo.ts does to each page the relay wrote before it becomes a file of
 * the static demo (dist-demo/). A file is the same bytes for every visitor and every address
 * that reaches it: a static host ignores the query (`/?p=i34_k9x` is `/`'s file) and the demo's
 * own origin is unknown when it is built. Pure functions of the page's HTML.
 */

/**
 * Set on `<html>` by a written page's head when the address it is opened at is not the one it was
 * rendered for: one with a query (a static host serves `/?p=i34_k9x` the file of `/`), or another
 * path (a host whose SPA fallback serves index.html, the catalog, for `/pedido/…`). What the page
 * shows may not be that address's page (a link's prices, `?loja=`'s store, another page): it is
 * hidden before it paints, and the app renders the address itself.
 */
export const OTHER_ADDRESS = 'data-demo-other-address'

/** The `<meta>` that names the address a page was rendered for. */
const WRITTEN_FOR = 'vitrine-demo-page'

/**
 * From the head of every written page: a folder's page reached with its slash (`/carrinho/`, as
 * a plain server redirects to) takes the app's address (`/carrinho`) before the app reads it.
 */
const DROP_FOLDER_SLASH =
  `var p=location.pathname;if(p.length>1&&p.slice(-1)==='/')` +
  `history.replaceState(history.state,'',p.slice(0,-1)+location.search+location.hash);`

/** The data preloads of index.html: on a first visit no worker answers `/api` yet. */
const API_PRELOADS =
  /\s*<!-- The catalog's data[^>]*-->|\s*<link rel="preload" href="\/api\/[^>]*>/g

/**
 * No `/api` on the network in the demo: the shell's preloads went to the static host before the
 * MSW worker was there (a 404 each, and the browser's warning about a preload never used).
 */
export function withoutApiPreloads(html: string): string {
  return html.replace(API_PRELOADS, '')
}

/** A page the browser renders (the shell: cart, login, an order…), fit for the static host. */
export function shellPage(html: string): string {
  return intoHead(html, `<script>${DROP_FOLDER_SLASH}</script>`)
}

/**
 * A page rendered at build time for `path`, made fit for any address and host that serves it:
 * - in the head, before anything paints: at another address (`OTHER_ADDRESS`) the page is hidden;
 * - where the body ends, before the app's code can run: at another address the page is taken
 *   away (markup, handover, held taps) and the app starts at once and renders the address in the
 *   browser, as a page without a first view; otherwise the links the page offers to share name
 *   the origin the visitor reached, not the one it was built with (`builtOrigin`), so they are
 *   what the app writes when it hydrates (src/state/site-origin.ts) and hydration matches.
 * `entry` is the app's module (index.html's), which the relay's starter would load only after
 * the first paint, which a hidden page never has.
 */
export function renderedPage(
  html: string,
  { path, builtOrigin, entry }: { path: string; builtOrigin: string; entry: string },
): string {
  // The path in a tag of its own, so the script is the same on every page (one hash for a CSP).
  const head =
    `<meta name="${WRITTEN_FOR}" content="${escapeHtml(decodeURIComponent(path))}" />` +
    `<style>html[${OTHER_ADDRESS}] #root{display:none}</style>` +
    `<script>${DROP_FOLDER_SLASH}function d(s){try{return decodeURIComponent(s)}catch(e){return s}}` +
    `if(location.search||d(location.pathname)!==document.querySelector('meta[name="${WRITTEN_FOR}"]').content)` +
    `document.documentElement.setAttribute('${OTHER_ADDRESS}','')</script>`
  const tail =
    `<script>(function(){var h=document.documentElement,r=document.getElementById('root'),w=window;` +
    `if(h.hasAttribute('${OTHER_ADDRESS}')){var v=document.getElementById('${FIRST_VIEW_ID}');` +
    `if(v)v.remove();r.replaceChildren();` +
    `if(w.__vitrineEarlyClicksStop)w.__vitrineEarlyClicksStop();` +
    `delete w.__vitrineEarlyClicks;delete w.__vitrineEarlyClicksStop;h.removeAttribute('${OTHER_ADDRESS}');` +
    // The same module the relay's starter adds later: a module runs once, however often added.
    `var s=document.createElement('script');s.type='module';s.crossOrigin='';` +
    `s.src=${JSON.stringify(entry)};document.body.appendChild(s);return}` +
    `var a=${JSON.stringify(builtOrigin)},b=location.origin;if(a===b)return;` +
    `var ea=encodeURIComponent(a),eb=encodeURIComponent(b);` +
    `[].forEach.call(r.querySelectorAll('[href]'),function(e){var l=e.getAttribute('href'),` +
    `m=l.split(a).join(b).split(ea).join(eb);if(m!==l)e.setAttribute('href',m)})})()</script>`
  if (!html.includes('</body>')) throw new Error(`${path}: a rendered page without its body's end`)
  return intoHead(html, head).replace('</body>', (at) => `${tail}${at}`)
}

/**
 * At the top of the head, before any stylesheet (a script after one waits for it, and with it
 * the whole page) and before the app's own scripts.
 */
function intoHead(html: string, tags: string): string {
  const charset = '<meta charset="UTF-8" />'
  if (!html.includes(charset)) throw new Error(`a page without ${charset}`)
  return html.replace(charset, (at) => `${at}${tags}`)
}

/**
 * Where a static server looks for a page: `/produto/TOKEN-USB` is the folder's index,
 * `produto/TOKEN-USB/index.html` (a plain server without SPA fallback answers the folder,
 * some after a redirect to `/produto/TOKEN-USB/`); `/` is `index.html`.
 */
export function fileOfPage(path: string): string {
  const segments = path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => decodeURIComponent(s))
  for (const segment of segments) {
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) {
      throw new Error(`no file for the page ${path}`)
    }
  }
  return posix.join(...segments, 'index.html')
}

/**
 * The `script-src` sources that let the pages' inline scripts run under a CSP a host adds (the
 * relay sends its own policy with the same hashes): one hash per distinct script; JSON data blocks never run.
 */
export function inlineScriptHashes(pages: Iterable<string>): string[] {
  const hashes = new Set<string>()
  for (const html of pages) {
    for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (!body || / (?:src|type)=/.test(attributes!)) continue
      hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`)
    }
  }
  return [...hashes].sort()
}
