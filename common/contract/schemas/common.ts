import * as z from 'zod/mini'
import { anyMoneyToCents } from '../../rules/money'
import { serviceDateToDate } from '../../rules/service-date'

/**
 * Building blocks of the service contract (`shared/spec/order-sales-service.md`).
 * Written with `zod/mini` (the same rules as zod, tree-shakable) because these schemas ship in
 * the catalog's first load. Every object schema is loose: fields the spec does not list are
 * accepted and kept, so a service that grows a field never breaks the store.
 */

/**
 * A string enum that also accepts values the spec never showed. The known values stay in the
 * type for autocompletion; an unknown one is kept as it came so the screen can show it.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(_known: T) {
  return z.pipe(
    z.string(),
    z.transform((value: string) => value as T[number] | (string & {})),
  )
}

/** A transform that refuses a value with a message (zod/mini has no `addIssue`). */
function parseOr<I, O>(convert: (input: I) => O | null, message: (input: I) => string) {
  return z.transform((input: I, ctx) => {
    const out = convert(input)
    if (out === null) {
      ctx.issues.push({ code: 'custom', message: message(input), input })
      return z.NEVER
    }
    return out
  })
}

export const nonNegativeInt = () => z.int().check(z.gte(0))

/** Response envelope: the RFC 7807-like problem body of every error and most successes. */
export const envelopeSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.string(),
})

/** One stack entry of a 500's `trace`. Every field is optional: PHP omits `class` for functions. */
const traceEntrySchema = z.looseObject({
  file: z.optional(z.string()),
  line: z.optional(z.int()),
  function: z.optional(z.string()),
  class: z.optional(z.string()),
  type: z.optional(z.string()),
  args: z.optional(z.array(z.unknown())),
})

/** The 500 body: the envelope plus `trace`. The trace is for logs only, never for people. */
export const serverErrorSchema = z.extend(envelopeSchema, {
  trace: z.array(traceEntrySchema),
})
export type ServerErrorBody = z.output<typeof serverErrorSchema>

/** `{ date: "YYYY-MM-DD HH:MM:SS.ffffff", timezone_type: 3, timezone: "UTC" }` → `Date`. */
export const serviceDateSchema = z.pipe(
  z.looseObject({
    date: z.string(),
    timezone_type: z.int(),
    timezone: z.string(),
  }),
  parseOr(
    (value: { date: string; timezone_type: number; timezone: string }) =>
      serviceDateToDate(value.date, value.timezone),
    (value) => `data inválida: ${value.date} ${value.timezone}`,
  ),
)

/**
 * `_links` (HAL). Optional: the relay drops them on the way to the browser (they carry the
 * service's internal URLs) and the live service adds `first`/`last`/`next` to paged lists.
 */
export const linksSchema = z.optional(z.looseObject({}))

/**
 * Money wherever the live service may put it: a number, plain text or PHP number_format text
 * ("1,234.50") → integer cents; null when absent (PHP null on orders made in the ERP) or
 * unreadable. Lenient reading, strict meaning: a screen shows "—" for null and never treats it
 * as zero; a product without a readable price cannot be bought.
 */
export const anyMoneySchema = z.pipe(
  z.optional(z.unknown()),
  z.transform((value: unknown) => anyMoneyToCents(value)),
)

/** Image: a file with an optional description, used as alt text. */
export const imageSchema = z.looseObject({
  name: z.string(),
  description: z.nullable(z.string()),
  href: z.string(),
})
export type Image = z.output<typeof imageSchema>

/**
 * An image where PHP may send `[]` (an empty array for "no picture") or null: the picture, or
 * null when there is none to show.
 */
export const maybeImageSchema = z.pipe(
  z.optional(z.unknown()),
  z.transform((value: unknown): Image | null => {
    const parsed = z.safeParse(imageSchema, value)
    return parsed.success && parsed.data.href !== '' ? parsed.data : null
  }),
)

/** Text where PHP may send null, a number or nothing: always a string ("" when absent). */
export const anyTextSchema = z.pipe(
  z.optional(z.unknown()),
  z.transform((value: unknown) =>
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '',
  ),
)

/** Text that may be absent: null for null, "" or nothing. */
export const optionalTextSchema = z.pipe(
  anyTextSchema,
  z.transform((value: string) => (value.trim() === '' ? null : value)),
)
