import { http } from 'msw'
import { setupWorker } from 'msw/browser'
import { createOfflineRelay } from '../../server/relay/offline-relay'
import type { SessionCarrier } from '../../server/relay/http/types'
import { RELAY_FILES_PATH } from '../../common/rules/offline-files'
import { DEFAULT_SEEDS } from '../../offline/model'
import { showDemoMail } from './demo-mailbox'
import { sanitizeHtml } from '../lib/sanitize-html'
import { untilControlledBy } from './until-controlled'

/**
 * The static demo (`npm run build:demo`): no server at all. The MSW worker answers `/api/*` by
 * running the real relay app inside the page, over the offline service, also inside the page.
 * What differs from production: the session is kept in sessionStorage (a page cannot set an
 * HttpOnly cookie on its own responses), and all state lives in this tab until it is reloaded.
 */

const SESSION_KEY = 'vitrine.demo.session'
const RELOADED_KEY = 'vitrine.demo.reloaded'
const SECRET_KEY = 'vitrine.demo.secret'

const tabCarrier: SessionCarrier = {
  read: () => sessionStorage.getItem(SESSION_KEY) ?? undefined,
  write: (_c, value) => sessionStorage.setItem(SESSION_KEY, value),
  clear: () => sessionStorage.removeItem(SESSION_KEY),
}

/** A password recovery in progress (its sealed token), kept like the session: this tab only. */
const RECOVERY_KEY = 'vitrine.demo.recovery'
const recoveryTabCarrier: SessionCarrier = {
  read: () => sessionStorage.getItem(RECOVERY_KEY) ?? undefined,
  write: (_c, value) => sessionStorage.setItem(RECOVERY_KEY, value),
  clear: () => sessionStorage.removeItem(RECOVERY_KEY),
}

function tabSecret(): string {
  let secret = sessionStorage.getItem(SECRET_KEY)
  if (!secret) {
    secret = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('')
    sessionStorage.setItem(SECRET_KEY, secret)
  }
  return secret
}

export async function startDemo(): Promise<void> {
  const wanted = new URLSearchParams(location.search).get('loja')
  const index = Math.max(
    0,
    DEFAULT_SEEDS.findIndex((s) => s.origin.includes(wanted ?? '\u0000')),
  )
  const seed = DEFAULT_SEEDS[index]!
  const { app: relay, offline } = createOfflineRelay({
    tenantIndex: index,
    // A page cannot send `Origin` on its own requests: the tenant comes from the demo's choice.
    service: { resolveOrigin: (request) => request.headers.get('origin') ?? seed.origin },
    upstreamDialect: 'auto',
    timeoutMs: 10_000,
    sessionSecret: tabSecret(),
    clientIp: () => 'demo',
    // The page has a DOM: the browser's own sanitiser (the server's is in no bundle).
    sanitizeMarkup: sanitizeHtml,
    secureCookies: false,
    sessionCarrier: tabCarrier,
    recoveryCarrier: recoveryTabCarrier,
    // The CEP lookup stays the offline fixtures' (the builder's): here the relay runs in the
    // page, so a CEP service would be the buyer's browser calling a third party, which the
    // store never does (connect-src 'self').
  })
  offline.model.aliasOrigin(location.origin, seed.origin)
  // No mail server in a static page: the recovery e-mail is shown on the page (demo-mailbox.ts).
  offline.model.recovery.onMail(showDemoMail)

  keepMockingPastBeforeUnload()
  const worker = setupWorker(http.all('/api/*', ({ request }) => relay.fetch(request)))
  const registration = await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: '/mockServiceWorker.js' },
  })
  await untilControlledBy(navigator.serviceWorker, registration?.active, {
    // Once per tab: a page its worker never takes is loaded again, which one then controls.
    onTimeout: () => {
      if (sessionStorage.getItem(RELOADED_KEY)) return
      sessionStorage.setItem(RELOADED_KEY, '1')
      location.reload()
    },
  })
  sessionStorage.removeItem(RELOADED_KEY)
  saveFilesThroughWorker()
}

/**
 * MSW 2 tells its worker the page is gone on `beforeunload`, and the worker then answers none of
 * the page's requests, but that event also comes with no leaving at all: Chromium fires it on a
 * tap on a `mailto:` link (the order's "Enviar para meu e-mail") or a download, and the page stays,
 * its every later read sent to the static host (404). MSW 3 listens to `pagehide` instead
 * (mswjs/msw#2720), but needs Node 22. Until then this listener, added before MSW's, keeps the
 * event from MSW. Nothing else in the store listens to `beforeunload`. The worker is not told of
 * a page that really left: it only forgets pages it would not be asked for again, and staying
 * registered spares the next page a new worker (see until-controlled.ts).
 */
function keepMockingPastBeforeUnload() {
  window.addEventListener('beforeunload', (event) => event.stopImmediatePropagation())
}

/**
 * Boleto links point at the relay's `/api/arquivo/` (lib/offline-files.ts). A tap on one is a
 * navigation, which the MSW worker leaves to the network, and a static host has no `/api`: here
 * the file is fetched through the worker (a fetch, which it answers) and saved from memory.
 */
function saveFilesThroughWorker() {
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null
    const link = target?.closest<HTMLAnchorElement>(`a[href^="${RELAY_FILES_PATH}"]`)
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey
    if (!link || !plain || event.defaultPrevented) return
    event.preventDefault()
    void fetch(link.href)
      .then(async (res) => {
        if (!res.ok) throw new Error(`file answered ${res.status}`)
        const url = URL.createObjectURL(await res.blob())
        const save = document.createElement('a')
        save.href = url
        save.download = link.download || 'boleto.pdf'
        save.click()
        setTimeout(() => URL.revokeObjectURL(url), 60_000)
      })
      // Nowhere else to get the file from in a static page: a failure leaves the page as it is.
      .catch(() => {})
  })
}
