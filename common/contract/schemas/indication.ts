import * as z from 'zod/mini'
import { anyMoneyToCents } from '../../rules/money'
import { serviceDateToDate } from '../../rules/service-date'
import { anyTextSchema, linksSchema, optionalTextSchema } from './common'

/**
 * A partner's own reads, docs dialect only (the spec has neither): the people they referred,
 * `GET /user-indication` (api/private/list_indications.md), and what referring earned them,
 * `GET /user-indication-gain` (api/private/indication_profit.md). Both are HAL collections
 * like `GET /order`, paged by Apigility. The relay reads them with the partner's bearer and
 * hands the browser only masked leads (GET /api/referrer/results) and earnings whose texts are
 * masked as well (GET /api/referrer/earnings).
 */

/** An id as PHP may print it: a number, or digits as text. */
const idSchema = z.pipe(
  z.union([z.int(), z.string().check(z.regex(/^\d{1,12}$/))]),
  z.transform((value: number | string) => Number(value)),
)

/**
 * One lead as the docs show it: `document` (CPF or CNPJ, digits), `name`, `email`, `phone`
 * and `cellphone`, any of them null. Never leaves the relay as it came.
 */
const indicationSchema = z.looseObject({
  id: idSchema,
  document: anyTextSchema,
  name: anyTextSchema,
  email: optionalTextSchema,
  phone: optionalTextSchema,
  cellphone: optionalTextSchema,
})

export const indicationListSchema = z.looseObject({
  _embedded: z.looseObject({ user_indication: z.array(indicationSchema) }),
  total_items: z.optional(z.unknown()),
  page_count: z.optional(z.unknown()),
  _links: linksSchema,
})
export type IndicationList = z.output<typeof indicationListSchema>

/** One earning as the store shows it, whatever shape the service gave it. */
export interface Earning {
  /** What it was earned on (a product, an order); "" when the entry names nothing. */
  label: string
  amountCents: number | null
  /** ISO 8601: an instant, or a day (`2026-05-01`) when the service gave only the day. */
  date: string | null
  status: string | null
}

// The docs show `"user_indication_gain": []` and nothing of an entry. These are the names an
// earning's fields go by in the rest of the service (orders, financial items, products) and in
// Portuguese, looked for in this order; the first readable one wins (docs/dialects.md).
const LABEL_KEYS = ['product', 'productDescription', 'description', 'sku', 'title', 'name']
const LABEL_IN_OBJECT = ['description', 'name', 'sku', 'code']
const AMOUNT_KEYS = ['amount', 'gain', 'value', 'profit', 'commission', 'total', 'valor', 'ganho']
const DATE_KEYS = ['date', 'dateCreated', 'createdAt', 'created_at', 'paymentDate', 'data']
const STATUS_KEYS = ['status', 'statusPayment', 'situation', 'situacao']

const DAY = /^\d{4}-\d{2}-\d{2}$/

function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

function first<T>(entry: Record<string, unknown>, keys: string[], read: (v: unknown) => T | null) {
  for (const key of keys) {
    const value = read(entry[key])
    if (value !== null) return value
  }
  return null
}

function labelOf(value: unknown): string | null {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return first(value as Record<string, unknown>, LABEL_IN_OBJECT, text)
  }
  return typeof value === 'string' ? text(value) : null
}

/** `2026-05-01`, an ISO instant, `2026-05-01 10:00:00` (UTC) or PHP's DateTime object. */
function dateOf(value: unknown): string | null {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const { date, timezone } = value as { date?: unknown; timezone?: unknown }
    if (typeof date !== 'string') return null
    const read = serviceDateToDate(date, typeof timezone === 'string' ? timezone : 'UTC')
    return read ? read.toISOString() : null
  }
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  // A day alone stays a day (no time zone to guess), once checked to exist (no 30 February).
  if (DAY.test(trimmed)) return serviceDateToDate(`${trimmed} 00:00:00`, 'UTC') ? trimmed : null
  const service = serviceDateToDate(trimmed, 'UTC')
  if (service) return service.toISOString()
  const parsed = /^\d{4}-\d{2}-\d{2}T/.test(trimmed) ? Date.parse(trimmed) : Number.NaN
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString()
}

const amountOf = (value: unknown): number | null => anyMoneyToCents(value)

/**
 * An entry of `user_indication_gain`, read leniently: an entry of any shape is an earning, and
 * each field is whatever of it can be read (null otherwise), never a reason to refuse the list.
 */
export function readEarning(entry: unknown): Earning {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
    return { label: '', amountCents: amountOf(entry), date: null, status: null }
  }
  const record = entry as Record<string, unknown>
  const id = text(record.code) ?? (text(record.id) && `#${text(record.id)}`)
  return {
    label: first(record, LABEL_KEYS, labelOf) ?? id ?? '',
    amountCents: first(record, AMOUNT_KEYS, amountOf),
    date: first(record, DATE_KEYS, dateOf),
    status: first(record, STATUS_KEYS, text),
  }
}

export const indicationGainListSchema = z.looseObject({
  _embedded: z.looseObject({
    user_indication_gain: z.array(z.pipe(z.unknown(), z.transform(readEarning))),
  }),
  total_items: z.optional(z.unknown()),
  page_count: z.optional(z.unknown()),
  _links: linksSchema,
})
export type IndicationGainList = z.output<typeof indicationGainListSchema>

/** A lead as `GET /api/referrer/results` hands it to the partner: masked by the relay. */
const leadSchema = z.object({
  id: z.number(),
  name: z.string(),
  document: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
})
export type Lead = z.output<typeof leadSchema>

const earningSchema = z.object({
  label: z.string(),
  amountCents: z.nullable(z.int()),
  date: z.nullable(z.string()),
  status: z.nullable(z.string()),
})

/** Where the service has no partner reads (the spec's): the results are in its portal. */
const inThePortal = z.object({ available: z.literal(false), portal: z.nullable(z.string()) })

/**
 * What `GET /api/referrer/results?pagina=N` answers: one page of the partner's leads. `available:
 * false` where the service has no such reads (the spec's): the partner sees their results in
 * the service's portal (`portal`, when the store knows its address).
 */
export const referrerResultsSchema = z.union([
  inThePortal,
  z.object({
    available: z.literal(true),
    portal: z.nullable(z.string()),
    leads: z.object({
      items: z.array(leadSchema),
      page: z.int(),
      pageCount: z.int(),
      /** null when the service did not say how many (it gave no `total_items`). */
      total: z.nullable(z.int()),
    }),
  }),
])
export type ReferrerResults = z.output<typeof referrerResultsSchema>

/**
 * What `GET /api/referrer/earnings` answers: every earning of the partner, read once per visit
 * of the page, not with each page of leads. `earnings` null when they could not be read.
 */
export const referrerEarningsSchema = z.union([
  inThePortal,
  z.object({
    available: z.literal(true),
    portal: z.nullable(z.string()),
    earnings: z.nullable(
      z.object({ items: z.array(earningSchema), totalCents: z.nullable(z.int()) }),
    ),
  }),
])
export type ReferrerEarnings = z.output<typeof referrerEarningsSchema>
