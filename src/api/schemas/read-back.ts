import * as z from 'zod/mini'

/**
 * What the relay read back of an order it just created (operation 5, `GET /order-external/:id`
 * with the ERP key), handed to the browser beside the creation result. The relay's own answer,
 * not the service's: the plan the buyer confirmed, the plan the service recorded when it could
 * be read, and whether they agree. The order page takes the service's as the truth.
 */

/** A plan and its total as the relay compares them: ids and counts, no personal data. */
export const planFactsSchema = z.object({
  negotiationTypeId: z.int(),
  description: z.string(),
  paymentMethod: z.nullable(z.string()),
  /** The option's count (`paymentSettings.installments`; 0 = at once). */
  installments: z.int(),
  /** Cents; null when the service gave no readable total. */
  totalCents: z.nullable(z.int()),
})
export type PlanFacts = z.output<typeof planFactsSchema>

export const READ_BACK_OUTCOMES = ['match', 'differs', 'unavailable'] as const

export const readBackSchema = z.object({
  outcome: z.enum(READ_BACK_OUTCOMES),
  confirmed: planFactsSchema,
  /** Absent when the read failed or timed out (`unavailable`). */
  recorded: z.optional(planFactsSchema),
})
export type ReadBack = z.output<typeof readBackSchema>

/** The plan an order detail carries, in the facts compared. */
export function recordedPlanOf(order: {
  orderTotal: number | null
  negotiationType: {
    id: number
    description: string
    paymentSettings: { paymentMethod: string | null; installments: number }
  }
}): PlanFacts {
  const option = order.negotiationType
  return {
    negotiationTypeId: option.id,
    description: option.description,
    paymentMethod: option.paymentSettings.paymentMethod,
    installments: option.paymentSettings.installments,
    totalCents: order.orderTotal,
  }
}

/**
 * Where the recorded plan departs from the confirmed one: another option or count (`plan`), or
 * another total (`total`). A total the service did not give (null) is not a difference, only
 * something it did not say.
 */
export function planDifference(
  confirmed: PlanFacts,
  recorded: PlanFacts,
): { plan: boolean; total: boolean } {
  return {
    plan:
      confirmed.negotiationTypeId !== recorded.negotiationTypeId ||
      confirmed.installments !== recorded.installments,
    total: recorded.totalCents !== null && recorded.totalCents !== confirmed.totalCents,
  }
}
