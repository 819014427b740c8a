import { z } from 'zod'
import { moneyNumberToCents, moneyTextToCents } from '../../lib/money'
import { serviceDateToDate } from '../../lib/service-date'

/**
 * Building blocks of the service contract (`shared/spec/order-sales-service.md`).
 * Every object schema is loose: fields the spec does not list are accepted and kept, so a
 * service that grows a field never breaks the store.
 */

/**
 * A string enum that also accepts values the spec never showed. The known values stay in the
 * type for autocompletion; an unknown one is kept as it came so the screen can show it.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(_known: T) {
  return z.string().transform((value) => value as T[number] | (string & {}))
}

/** Response envelope: the RFC 7807-like problem body of every error and most successes. */
export const envelopeSchema = z.looseObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
})
export type Envelope = z.output<typeof envelopeSchema>

/** One stack entry of a 500's `trace`. Every field is optional: PHP omits `class` for functions. */
export const traceEntrySchema = z.looseObject({
  file: z.string().optional(),
  line: z.number().int().optional(),
  function: z.string().optional(),
  class: z.string().optional(),
  type: z.string().optional(),
  args: z.array(z.unknown()).optional(),
})

/** The 500 body: the envelope plus `trace`. The trace is for logs only, never for people. */
export const serverErrorSchema = envelopeSchema.extend({
  trace: z.array(traceEntrySchema),
})
export type ServerErrorBody = z.output<typeof serverErrorSchema>

/** `{ date: "YYYY-MM-DD HH:MM:SS.ffffff", timezone_type: 3, timezone: "UTC" }` → `Date`. */
export const serviceDateSchema = z
  .looseObject({
    date: z.string(),
    timezone_type: z.number().int(),
    timezone: z.string(),
  })
  .transform((value, ctx) => {
    const parsed = serviceDateToDate(value.date, value.timezone)
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: `data inválida: ${value.date} ${value.timezone}` })
      return z.NEVER
    }
    return parsed
  })

/** `_links.self.href` */
export const linksSchema = z.looseObject({
  self: z.looseObject({ href: z.string() }),
})

/** Reais as text with two places ("123.45"), as in order summaries → integer cents. */
export const moneyTextSchema = z.string().transform((text, ctx) => {
  const cents = moneyTextToCents(text)
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: `valor monetário inválido: "${text}"` })
    return z.NEVER
  }
  return cents
})

/** Reais as a JSON number (123.45), as in order details and prices → integer cents. */
export const moneyNumberSchema = z.number().transform((value, ctx) => {
  const cents = moneyNumberToCents(value)
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: `valor monetário inválido: ${value}` })
    return z.NEVER
  }
  return cents
})

/** Image: a file with an optional description, used as alt text. */
export const imageSchema = z.looseObject({
  name: z.string(),
  description: z.string().nullable(),
  href: z.string(),
})
export type Image = z.output<typeof imageSchema>
