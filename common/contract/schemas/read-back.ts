import * as z from 'zod/mini'

/**
 * What the relay read back of an order it just created (operation 5, `GET /order-external/:id`
 * with the ERP key), handed to the browser beside the creation result. The relay's own answer,
 * not the service's: the plan the buyer confirmed, the plan the service recorded when it could
 * be read, and whether they agree. The order page takes the service's as the truth. How the
 * two plans are compared: read-back-plan.ts.
 */

/** A plan and its total as the relay compares them: ids, counts and cents, no personal data. */
const planFactsSchema = z.object({
  negotiationTypeId: z.int(),
  description: z.string(),
  paymentMethod: z.nullable(z.string()),
  /**
   * How many installments: the option's plan where confirmed, the installments the service
   * recorded where recorded. An older relay sent the option's count, 0 for at once: one.
   */
  installments: z.int(),
  /**
   * Cents of each installment, in the order they are paid: the split checkout showed, or the
   * one the order page shows. Absent from an older relay, and where the service recorded
   * neither charges nor a total.
   */
  amounts: z.optional(z.array(z.int())),
  /** Cents; null when the service gave no readable total. */
  totalCents: z.nullable(z.int()),
})
export type PlanFacts = z.output<typeof planFactsSchema>

const READ_BACK_OUTCOMES = ['match', 'differs', 'unavailable'] as const

export const readBackSchema = z.object({
  outcome: z.enum(READ_BACK_OUTCOMES),
  confirmed: planFactsSchema,
  /** Absent when the read failed or timed out (`unavailable`). */
  recorded: z.optional(planFactsSchema),
})
export type ReadBack = z.output<typeof readBackSchema>
