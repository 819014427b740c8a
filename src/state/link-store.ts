import * as z from 'zod/mini'
import { jsonForScript } from '../../common/rules/json-for-script'
import { parsePlaceRef, type PlaceRef } from '../../common/rules/place-ref'
import { versionedRecord } from '../lib/versioned-storage'
import { createContext, useContext, useSyncExternalStore } from 'react'
import { createExternalStore } from './external-store'

/**
 * The unit or referrer link a visitor came through, and the UTM fields of the landing URL. Kept
 * in localStorage for an attribution window (LINK_ATTRIBUTION_MS, from the moment the link was
 * followed; the last link followed wins), so a second tab, WhatsApp's "open in Chrome" or a
 * return tomorrow still carries the referrer into the order. Prices differ per link: a
 * server-rendered page with prices (catalog, product) whose address has no link puts the kept
 * one back in its address before anything is painted (`visitEarlyScript`), so the first paint,
 * the app and checkout all show the same link's prices, and the page's bytes stay the same for
 * every visitor of that address (a shared cache can hold them).
 */

/**
 * How long a followed link is kept: 30 days, the window referral programmes commonly pay on.
 * One place to change it; the record carries when the link was followed, not when it ends, so a
 * change here applies to links already kept.
 */
export const LINK_ATTRIBUTION_MS = 30 * 24 * 60 * 60 * 1000

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
  return z.object({ ref: z.nullable(z.string()), utm, savedAt: z.number() })
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
/**
 * The record's version: the head script of a rendered page writes and reads it too
 * (visitEarlyScript). 2: kept in localStorage with the time the link was followed.
 */
const VISIT_VERSION = 2
const record = versionedRecord(
  () => globalThis.localStorage,
  LINK_STORAGE_KEY,
  VISIT_VERSION,
  visitSchema,
)

/** When the visit's link was followed; 0 when there is none. */
let savedAt = 0

function fromRecord(): LinkState {
  const saved = record.read()
  const now = Date.now()
  // Past the window (or written by a clock far ahead): the visit starts clean.
  if (!saved || now - saved.savedAt > LINK_ATTRIBUTION_MS || saved.savedAt - now > 60_000) {
    if (saved) record.clear()
    savedAt = 0
    return { place: null, utm: {}, notice: null }
  }
  savedAt = saved.savedAt
  return { place: parsePlaceRef(saved.ref), utm: saved.utm, notice: null }
}

const store = createExternalStore<LinkState>({ read: fromRecord })

function commit(next: LinkState) {
  const current = store.get()
  // The window runs from when a link was followed: the same link again does not extend it.
  if (next.place?.ref !== current.place?.ref || savedAt === 0) savedAt = Date.now()
  store.set(next)
  record.write({ ref: next.place?.ref ?? null, utm: next.utm, savedAt })
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
 * (it cannot see the visitor's storage), and so what the browser hydrates that page with.
 */
export function linkFromUrl(search: URLSearchParams): LinkState {
  return captured(FRESH, search) ?? FRESH
}

/**
 * What a server-rendered page runs in its head (server/first-view/page-render.ts), before anything is on
 * screen. The same for every visitor of an address (a shared cache may hold the page); what it
 * does depends on the visitor's own record:
 * - an address with a link or UTM fields: they go into the record (the last link wins; the same
 *   link again keeps when it was first followed), as `link.capture` will once the app has
 *   started. Without it, a visitor who follows a link on the page before the app arrives (slow
 *   phone) lands on the next page with no referral, and the referrer loses the sale;
 * - a page with prices (`restore`: catalog, product) whose address has no link, for a visitor
 *   whose kept link is within its window: the page is asked again with that link in its address
 *   (`location.replace`, before the first paint), so its prices are the link's from the first
 *   paint to checkout. An address with `p` is never replaced: no loop, and a link the service
 *   does not know is dropped by the app (`rejectUnknown`) before the next page.
 * `linkRef` is the server's reading of the address's `p` (undefined: none; null: not a link),
 * written with `jsonForScript` (this is inside a `<script>`). The UTM fields are read from the
 * address by the script itself: the page's bytes do not depend on them, so a cache may key the
 * page without them (one copy for every campaign).
 */
export function visitEarlyScript(linkRef: string | null | undefined, restore = false): string {
  const read =
    `var s=localStorage,k=${jsonForScript(LINK_STORAGE_KEY)},n=Date.now(),o=null;` +
    `try{o=JSON.parse(s.getItem(k)||'null')}catch(e){}` +
    `var d=o&&o.version===${VISIT_VERSION}&&o.data&&typeof o.data==='object'&&` +
    `typeof o.data.savedAt==='number'&&n-o.data.savedAt<=${LINK_ATTRIBUTION_MS}&&` +
    `o.data.savedAt-n<=60000?o.data:null;`
  // The UTM fields from the address itself: a shared cache keeps one page for every campaign.
  const utm =
    `var q=new URLSearchParams(location.search),m={},a=0;` +
    Object.entries(UTM_PARAMS)
      .map(([param, field]) => `x=q.get('${param}');if(x){m.${field}=x.slice(0,200);a=1}`)
      .join(';') +
    ';'
  const ref = linkRef === undefined ? undefined : jsonForScript(linkRef)
  const keep =
    `var v=d||{ref:null,utm:{},savedAt:n};` +
    (ref ? `if(v.ref!==${ref}||!d){v.ref=${ref};v.savedAt=n}` : '') +
    `v.utm=Object.assign({},v.utm,m);` +
    `s.setItem(k,JSON.stringify({version:${VISIT_VERSION},data:v}))`
  const restoreLink =
    `var u=new URL(location.href);` +
    `if(d&&typeof d.ref==='string'&&/^[ui]\\d{1,9}_[A-Za-z0-9-]{1,64}$/.test(d.ref)&&!u.searchParams.has('p'))` +
    `{u.searchParams.set('p',d.ref);location.replace(u.href)}`
  if (ref !== undefined) return `try{var x;${read}${utm}${keep}}catch(e){}`
  return `try{var x;${read}${utm}if(a){${keep}}${restore ? `else{${restoreLink}}` : ''}}catch(e){}`
}

/** Set around a server render and its hydration: the page's link as the server saw it. */
export const FirstViewLink = createContext<LinkState | null>(null)

export function useLink(): LinkState {
  const first = useContext(FirstViewLink)
  // While hydrating, React reads the server's value so the markup matches; the visit's own
  // (stored) link, if it differs, follows in the next render.
  return useSyncExternalStore(store.subscribe, store.get, () => first ?? store.get())
}
