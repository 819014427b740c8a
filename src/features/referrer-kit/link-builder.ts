import * as paths from '../../../common/rules/paths'
import type { PlaceRef } from '../../../common/rules/place-ref'

/**
 * The links a referrer shares: the store, one product or one group, each with their `p`, so a
 * visitor's order is theirs, and the UTM fields that say where the visit came from. Both reach
 * the order as today: the visit keeps `p` and the UTM fields (src/state/link-store.ts) until
 * checkout sends them as `uri` and `utmSource`/`utmMedium`/`utmCampaign`.
 */

export type LinkTarget =
  { kind: 'store' } | { kind: 'product'; sku: string } | { kind: 'group'; group: string }

export interface UtmFields {
  source: string
  medium: string
  campaign: string
}

export type Channel = 'whatsapp' | 'instagram' | 'email' | 'print' | 'none'

export const CHANNELS: readonly Channel[] = ['whatsapp', 'instagram', 'email', 'print', 'none']

/** The visit keeps each UTM field up to this length (link-store.ts); a longer one is cut there. */
export const UTM_MAX = 200

/**
 * A channel's fields, as analytics tools group visits: the network or medium as the source, the
 * kind of channel as the medium (`social`, `email`; `impresso` for paper, whose visits arrive by
 * the QR code), and what is shared as the campaign (`campaignOf`), so a report tells a product's
 * link from the store's. Only a start: every field stays editable.
 */
export function channelUtm(channel: Channel, target: LinkTarget): UtmFields {
  const campaign = campaignOf(target)
  switch (channel) {
    case 'whatsapp':
      return { source: 'whatsapp', medium: 'social', campaign }
    case 'instagram':
      return { source: 'instagram', medium: 'social', campaign }
    case 'email':
      return { source: 'email', medium: 'email', campaign }
    case 'print':
      return { source: 'qrcode', medium: 'impresso', campaign }
    case 'none':
      return { source: '', medium: '', campaign: '' }
  }
}

/** `loja`, a product's SKU or a group's name, lower case, without accents or spaces. */
export function campaignOf(target: LinkTarget): string {
  if (target.kind === 'store') return 'loja'
  return slug(target.kind === 'product' ? target.sku : target.group)
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** The UTM fields that were filled, trimmed, as query parameters; empty ones are left out. */
function utmParams(utm: UtmFields): [string, string][] {
  const fields: [string, string][] = [
    ['utm_source', utm.source],
    ['utm_medium', utm.medium],
    ['utm_campaign', utm.campaign],
  ]
  return fields
    .map(([name, value]): [string, string] => [name, value.trim().slice(0, UTM_MAX)])
    .filter(([, value]) => value !== '')
}

/**
 * The full link: the store (`/`), a product (`/produto/<SKU>`) or a group (`/?categoria=`, as
 * the catalog's filter writes it), with `p` and the UTM fields. Form-encoded, as the catalog's
 * own links are (`+` for a space): every reader of the query (the store, analytics) decodes it.
 */
export function fullLink(
  origin: string,
  place: PlaceRef,
  target: LinkTarget,
  utm: UtmFields,
): string {
  const query = new URLSearchParams(target.kind === 'group' ? { categoria: target.group } : {})
  query.set('p', place.ref)
  for (const [name, value] of utmParams(utm)) query.set(name, value)
  const path = target.kind === 'product' ? paths.product(target.sku) : paths.home
  return `${origin}${path}?${query}`
}

/**
 * The link without its origin and UTM fields: the page and `p` that decide what a preview shows
 * (the relay's head depends on them, never on the UTM fields).
 */
export function previewPath(place: PlaceRef, target: LinkTarget): string {
  const full = new URL(fullLink('https://loja.invalid', place, target, NO_UTM))
  return `${full.pathname}${full.search}`
}

export const NO_UTM: UtmFields = { source: '', medium: '', campaign: '' }

/** A SKU that reads well in a path once lower-cased: letters, digits, `-`, `_` and `.`. */
const READABLE_SKU = /^[a-z0-9][a-z0-9._-]{0,63}$/

/**
 * A product's short link, `/i/21-ana-souza/token-usb`: the referrer with `-` (the form people
 * read aloud and the hosted shop writes) and the SKU lower-cased. The relay sends it on to the
 * product with `p` and keeps every query parameter, so the UTM fields go on the short link too.
 * Null for a target that is no product or a SKU that would not read as a word (spaces, `/`).
 */
export function shortLink(
  origin: string,
  place: PlaceRef,
  target: LinkTarget,
  utm: UtmFields,
): string | null {
  if (target.kind !== 'product') return null
  const slug = target.sku.toLowerCase()
  if (!READABLE_SKU.test(slug)) return null
  const query = new URLSearchParams(utmParams(utm)).toString()
  return `${origin}/i/${place.number}-${place.key}/${slug}${query ? `?${query}` : ''}`
}
