import * as z from 'zod/mini'
import { jsonForScript } from '../lib/json-for-script'
import { parsePlaceRef, type PlaceRef } from '../lib/place-ref'
import { versionedRecord } from '../lib/versioned-storage'
import { createContext, useContext, useSyncExternalStore } from 'react'
import { createExternalStore } from './external-store'

/**
 * The unit or referrer link a visitor came through, and the UTM fields of the landing URL.
 * Kept in sessionStorage for the visit, so the referral survives navigation up to checkout
 * but a new visit starts clean.
 */

const UTM_PARAMS = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_id: 'utmId',
} as const

/** Built on the first read of the record, not while the page starts (see versioned-storage.ts). */
function visitSchema() {
  const text = () => z.optional(z.string().check(z.maxLength(200)))
  const utm = z.object({ utmSource: text(), utmMedium: text(), utmCampaign: text(), utmId: text() })
  return z.object({ ref: z.nullable(z.string()), utm })
}

export type Utm = z.output<ReturnType<typeof visitSchema>>['utm']

export interface LinkState {
  /** The valid link of this visit (`i34_k9x`), or null for the store's default unit. */
  place: PlaceRef | null
  utm: Utm
  /** Why the visitor is seeing the default unit although they came with a link. */
  notice: 'invalid-link' | 'unknown-link' | null
}

export const LINK_STORAGE_KEY = 'vitrine.visita'
/** The record's version: the head script of a rendered landing writes it too (visitRecordScript). */
const VISIT_VERSION = 1
const record = versionedRecord(
  () => globalThis.sessionStorage,
  LINK_STORAGE_KEY,
  VISIT_VERSION,
  visitSchema,
)

function fromRecord(): LinkState {
  const saved = record.read()
  return { place: parsePlaceRef(saved?.ref), utm: saved?.utm ?? {}, notice: null }
}

const store = createExternalStore<LinkState>({ read: fromRecord })

function commit(next: LinkState) {
  store.set(next)
  record.write({ ref: next.place?.ref ?? null, utm: next.utm })
}

export const link = {
  get: () => store.get(),
  /**
   * Reads `p` and the UTM fields of a landing URL (also `/i/:ref` and `/u/:ref`, passed as
   * `pathRef`). A valid link replaces the visit's link; an invalid one is refused with a notice.
   */
  capture(search: URLSearchParams, pathRef?: string) {
    const next = captured(store.get(), search, pathRef)
    if (next) commit(next)
  },
  /** The service does not know the link: fall back to the default unit and say so. */
  rejectUnknown() {
    commit({ ...store.get(), place: null, notice: 'unknown-link' })
  },
  dismissNotice() {
    store.set({ ...store.get(), notice: null })
  },
  reload() {
    store.set(fromRecord())
  },
}

/** `current` after landing on a URL with `search`; null when the URL changes nothing. */
function captured(current: LinkState, search: URLSearchParams, pathRef?: string): LinkState | null {
  const raw = pathRef ?? search.get('p')
  let place = current.place
  let notice: LinkState['notice'] = null
  if (raw !== null && raw !== undefined && raw !== '') {
    const parsed = parsePlaceRef(raw)
    if (parsed) place = parsed
    else {
      place = null
      notice = 'invalid-link'
    }
  }
  const utm: Utm = { ...current.utm }
  let newUtm = false
  for (const [param, field] of Object.entries(UTM_PARAMS)) {
    const value = search.get(param)?.slice(0, 200)
    if (value && value !== utm[field]) {
      utm[field] = value
      newUtm = true
    }
  }
  if (place === current.place && !notice && !newUtm) return null
  // The same URL again (the layout captures the address the first view was rendered for):
  // nothing changes, not even the object, so nothing reading it renders again. A render that
  // reached a server-rendered part still waiting for its code (the link banner) would make
  // React discard its markup and build it anew, and a tap held on it would be lost.
  if (place?.ref === current.place?.ref && notice === current.notice && !newUtm) return null
  return { place, utm, notice }
}

const FRESH: LinkState = { place: null, utm: {}, notice: null }

/**
 * The link state of a first visit to a URL, nothing stored: what the server renders a page with
 * (it cannot see sessionStorage), and so what the browser hydrates that page with.
 */
export function linkFromUrl(search: URLSearchParams): LinkState {
  return captured(FRESH, search) ?? FRESH
}

/**
 * What a server-rendered landing runs in its head (server/page-render.ts), before anything is
 * on screen: the link and UTM fields of its URL go into the visit's record, as `link.capture`
 * will do once the app has started. Without it, a visitor who follows a link on the page before
 * the app arrives (slow phone) lands on the next page with no referral, and the referrer loses
 * the sale. Empty when the URL carries neither. Values are `jsonForScript`: a UTM field is
 * whatever the URL said, and this is inside a `<script>`.
 */
export function visitRecordScript(search: URLSearchParams): string {
  const landing = captured(FRESH, search)
  if (!landing) return ''
  return (
    `try{var s=sessionStorage,k=${jsonForScript(LINK_STORAGE_KEY)},o=null;` +
    `try{o=JSON.parse(s.getItem(k)||'null')}catch(e){}` +
    `var d=o&&o.version===${VISIT_VERSION}&&o.data&&typeof o.data==='object'?o.data:{ref:null,utm:{}};` +
    `${search.has('p') && search.get('p') !== '' ? `d.ref=${jsonForScript(landing.place?.ref ?? null)};` : ''}` +
    `d.utm=Object.assign({},d.utm,${jsonForScript(landing.utm)});` +
    `s.setItem(k,JSON.stringify({version:${VISIT_VERSION},data:d}))}catch(e){}`
  )
}

/** Set around a server render and its hydration: the page's link as the server saw it. */
export const FirstViewLink = createContext<LinkState | null>(null)

export function useLink(): LinkState {
  const first = useContext(FirstViewLink)
  // While hydrating, React reads the server's value so the markup matches; the visit's own
  // (stored) link, if it differs, follows in the next render.
  return useSyncExternalStore(store.subscribe, store.get, () => first ?? store.get())
}
