import type { RenderInput, RenderOutcome } from '../../src/entry-server'
import { contentSecurityPolicy } from '../relay/http/content-security'

/**
 * The pieces page-assembly.ts puts around a page the relay renders (the first view comes from the
 * server, not from the browser's scripts): the CSP hashes of its inline scripts, the route's own
 * stylesheets and modules, and index.html split around the app's root.
 */

/** src/entry-server.tsx's `renderPage`, passed in so the relay never imports the UI itself. */
export type RenderPage = (input: RenderInput) => Promise<RenderOutcome>

/** Where the app goes in index.html. */
const ROOT = '<div id="root"></div>'

/** A script's CSP source: `'sha256-…'` of its text, as the browser hashes it (UTF-8). */
export async function scriptHash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`
}

const kebab = (key: string) => key.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)

/**
 * The relay's policy (relay/http/content-security.ts) with the hashes of the inline scripts a rendered page
 * carries added to `script-src`: those scripts run, and no other; still no `'unsafe-inline'`.
 * Hashes, not a nonce: a nonce is new in every response, so no two visitors would get the same
 * page and no cache could keep one; a hash names the script's text, the same for all of them.
 */
export function policyWithHashes(
  hashes: readonly string[],
  imageSources: readonly string[] = [],
): string {
  return Object.entries(contentSecurityPolicy(imageSources))
    .map(([key, values]) => {
      const all = key === 'scriptSrc' ? [...values, ...new Set(hashes)] : values
      return `${kebab(key)} ${all.join(' ')}`
    })
    .join('; ')
}

/** index.html before and after the root, or null for a template without it (nothing rendered). */
export function splitAtRoot(html: string): [string, string] | null {
  const at = html.indexOf(ROOT)
  if (at < 0) return null
  return [`${html.slice(0, at)}<div id="root">`, html.slice(at + ROOT.length - '</div>'.length)]
}

/**
 * One stream of strings and streams, in order: the head goes out as soon as the render starts
 * (the browser starts on the stylesheet and scripts), then the app's markup, then the rest.
 */
export function concatStreams(
  parts: ReadonlyArray<string | ReadableStream<Uint8Array>>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        for (const part of parts) {
          if (typeof part === 'string') {
            controller.enqueue(encoder.encode(part))
            continue
          }
          const reader = part.getReader()
          for (;;) {
            const { done, value } = await reader.read()
            if (done) break
            controller.enqueue(value)
          }
        }
        controller.close()
      } catch (error) {
        controller.error(error)
      }
    },
  })
}

/** The lazy route module each rendered page needs before it can hydrate. */
const ROUTE_MODULES = {
  product: 'src/features/product/product-page.tsx',
  order: 'src/app/order-route.tsx',
} as const

interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
}

/**
 * `<link>` tags for a rendered lazy route, from Vite's manifest (dist/.vite/manifest.json): its
 * stylesheets, so the page does not show unstyled until its code arrives, and its modules, so
 * hydration does not wait for a chain of imports. Empty without a manifest (the demo build).
 */
export function routeAssets(read: (name: string) => Promise<string>) {
  let manifest: Promise<Record<string, ManifestChunk> | undefined> | undefined
  /** `shell`: index.html, whose own stylesheet and modules are not listed twice. */
  return async (kind: string, shell: string): Promise<string> => {
    const module = ROUTE_MODULES[kind as keyof typeof ROUTE_MODULES]
    if (!module) return ''
    manifest ??= read('.vite/manifest.json')
      .then((text) => JSON.parse(text) as Record<string, ManifestChunk>)
      .catch(() => undefined)
    const chunks = await manifest
    if (!chunks?.[module]) return ''
    const css = new Set<string>()
    const js = new Set<string>()
    const visit = (key: string) => {
      const chunk = chunks[key]
      if (!chunk || js.has(chunk.file)) return
      js.add(chunk.file)
      for (const file of chunk.css ?? []) css.add(file)
      for (const next of chunk.imports ?? []) visit(next)
    }
    visit(module)
    const fresh = (file: string) => !shell.includes(`/${file}"`)
    return [
      ...[...css].filter(fresh).map((file) => `<link rel="stylesheet" href="/${file}" />`),
      ...[...js].filter(fresh).map((file) => `<link rel="modulepreload" href="/${file}" />`),
    ].join('\n    ')
  }
}

/**
 * The first `Intl` object a renderer makes costs it ~30–45 ms on this machine (V8 loads ICU's
 * locale data; a phone at a quarter of the speed pays four times that), and the next ones almost
 * nothing. Made by the app, it lands in the task that evaluates its modules or hydrates prices.
 * What ICU loads is shared by the whole renderer, workers included (measured: 25–43 ms cold,
 * 0.2 ms after a worker made one), so a worker (public/intl-warm.js) makes it, off the main
 * thread, from the head of the page: long before the app formats its first price.
 */
const WARM_INTL = "try{new Worker('/intl-warm.js')}catch(e){}"

/** index.html's entry script, as Vite writes it. */
export const ENTRY_SCRIPT = /\s*<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/
const MODULE_PRELOAD = /\s*<link rel="modulepreload"(?: crossorigin)? href="([^"]+)"[^>]*>/g

/**
 * A rendered page paints first and loads its app after. With the entry and its modules in the
 * head, Chrome fetches and evaluates the whole module graph before it paints the server's markup
 * (module scripts run as soon as parsing ends): the page is there but shows nothing until the
 * JavaScript has arrived, which on a slow phone is most of the wait. So the head keeps only the
 * stylesheets, and a script at the end of the body asks for the modules one frame after the
 * first paint. Returns head and tail without the scripts, the tail with that script, after
 * `data` (the page's handover: large, so it is not searched for scripts), and the text of each
 * inline script it wrote, for the policy's hashes; `pageEarly` is the page's own code for the
 * head script (the visit's link, src/state/link-store.ts).
 */
export function deferEntry(
  head: string,
  tail: string,
  data = '',
  pageEarly = '',
): { head: string; tail: string; inline: string[] } {
  // Vite's build puts the entry in the head; the source index.html (tests) has it in the body.
  const entry = ENTRY_SCRIPT.exec(head) ?? ENTRY_SCRIPT.exec(tail)
  if (!entry) return { head, tail, inline: [] }
  const modules = [...head.matchAll(MODULE_PRELOAD)].map((m) => m[1]!)
  const strip = (html: string) => html.replace(entry[0], '').replace(MODULE_PRELOAD, '')
  // From the head, before anything is painted: until the app has hydrated, a tap on a button
  // (add to cart, the filters) or Enter on one would do nothing, so it is held, and src/state/
  // held-taps.ts clicks it again once the part of the page it was on answers; until then the
  // app says which buttons answer (`__vitrineEarlyClicksFree`): a lazy part (the card form)
  // hydrates after the rest. Links and forms work without us. A held button is marked busy, so
  // the person sees the tap was taken (styles.css), until held-taps.ts makes it again.
  // In the head, not with the starter below: on a slow link the page shows (and takes taps)
  // well before the end of the body has arrived. With it, the ICU warm-up above.
  const early =
    `(function(){var q=window.__vitrineEarlyClicks=[];` +
    `function hold(e){var b=e.target.closest&&e.target.closest('button'),` +
    `f=window.__vitrineEarlyClicksFree;` +
    `if(b&&!(f&&f(b))){q.push(b);b.setAttribute('aria-busy','true');` +
    `e.preventDefault();e.stopPropagation()}}` +
    `document.addEventListener('click',hold,true);` +
    `window.__vitrineEarlyClicksStop=function(){document.removeEventListener('click',hold,true)}})();` +
    `${WARM_INTL}${pageEarly}`
  // Once the first paint is on screen (its Paint Timing entry: a frame's callbacks run before it
  // is presented) and the first screen's pictures (`fetchpriority=high`: the product's, the first
  // cards') are loaded and decoded, one frame later: started alongside them, the modules took a
  // slow link's bandwidth from them, and their evaluation came before the page's paint
  // (Lighthouse put ~1.1 s of "render delay" on the product page's picture). Never later than
  // 2.5 s (a picture that does not come); a tab opened in the background paints no frame, so
  // there a timer starts it after 250 ms (whichever comes first, once).
  const start =
    `(function(){var done=0;function go(){if(done++)return;` +
    `${JSON.stringify(modules)}.forEach(function(h){var l=document.createElement('link');` +
    `l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});` +
    `var s=document.createElement('script');s.type='module';s.crossOrigin='';` +
    `s.src=${JSON.stringify(entry[1])};document.body.appendChild(s)}` +
    `var painted=new Promise(function(r){try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')<0)return r();` +
    `new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();r()}})` +
    `.observe({type:'paint',buffered:true})}catch(e){r()}});` +
    `var first=[].filter.call(document.images,function(i){return i.getAttribute('fetchpriority')==='high'});` +
    `Promise.all(first.map(function(i){return i.decode?i.decode().catch(function(){}):0}).concat(painted))` +
    `.then(function(){requestAnimationFrame(function(){setTimeout(go)})});` +
    `setTimeout(go,document.hidden?250:2500)})()`
  // Before the stylesheet link (see WARM_INTL), or at the end of a head without one.
  // Functions, so `$&` or `$'` in a product name inside `data` is not a replacement pattern.
  return {
    head: strip(head).replace(
      /<link rel="stylesheet"|<\/head>/,
      (at) => `<script>${early}</script>${at}`,
    ),
    tail: strip(tail).replace('</body>', () => `${data}<script>${start}</script></body>`),
    inline: [early, start],
  }
}
