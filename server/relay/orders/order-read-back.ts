import type { OrderDetailResponse } from '../../../common/contract/schemas/order'
import type { PlanFacts, ReadBack } from '../../../common/contract/schemas/read-back'
import { planDifference, recordedPlanOf } from '../../../common/contract/schemas/read-back-plan'
import type { UpstreamClient, UpstreamDeps } from '../upstream/upstream'
import type { RelayMetrics } from '../http/types'
import type { ReadBackOutcome, Tenant } from '../http/types'

/** What reading a created order back needs: the service, the log and the counters. */
type ReadBackDeps = UpstreamDeps & { options: { metrics?: RelayMetrics } }

/**
 * How long the read-back may take. The order exists by then: the buyer is waiting to see it,
 * so a slow read is given up (and said to be) rather than waited out to the upstream timeout.
 */
export const READ_BACK_TIMEOUT_MS = 3_000

/**
 * After a create, reads the order back (operation 5, the ERP key; both dialects have it) and
 * compares the plan the service recorded (its option, and the installments it recorded: count
 * and amounts, recordedPlanOf) and its total with what the buyer confirmed. A difference is
 * logged as a warning and counted, and the answer carries it so the order page can say so with
 * the service's plan as the truth: never silent. A read that fails
 * or times out is counted and answered `unavailable`; it never throws, never delays the answer
 * past READ_BACK_TIMEOUT_MS and never leads to a second create (checkout.ts).
 */
export async function readBackOrder(
  deps: ReadBackDeps,
  tenant: Tenant,
  orderId: string,
  confirmed: PlanFacts,
): Promise<ReadBack> {
  const count = (outcome: ReadBackOutcome) => deps.options.metrics?.orderReadBack(outcome)
  let result: Awaited<ReturnType<UpstreamClient['run']>>
  try {
    result = await deps.upstream.run(
      tenant,
      'readOrder',
      { id: orderId },
      {
        timeoutMs: READ_BACK_TIMEOUT_MS,
      },
    )
  } catch {
    result = { kind: 'failure', status: 502, reason: 'thrown' }
  }
  if (result.kind !== 'ok') {
    const timeout = result.kind === 'failure' && result.status === 504
    count(timeout ? 'timeout' : 'failed')
    deps.log({
      level: 'warn',
      msg: 'order read-back failed',
      status: result.status,
      reason: result.kind === 'failure' ? result.reason : result.meaning,
    })
    return { outcome: 'unavailable', confirmed }
  }
  const recorded = recordedPlanOf((result.data as OrderDetailResponse).data)
  const differs = planDifference(confirmed, recorded)
  if (recorded.totalCents === null) {
    deps.log({ level: 'warn', msg: 'order read back without a total' })
  }
  if (!differs.plan && !differs.total) {
    count('match')
    return { outcome: 'match', confirmed, recorded }
  }
  count(
    differs.plan && differs.total
      ? 'plan_and_total_differ'
      : differs.plan
        ? 'plan_differs'
        : 'total_differs',
  )
  // Ids, counts and amounts only: nothing of the buyer.
  deps.log({
    level: 'warn',
    msg: 'order recorded differs from what was confirmed',
    orderId,
    confirmedOption: confirmed.negotiationTypeId,
    recordedOption: recorded.negotiationTypeId,
    confirmedInstallments: confirmed.installments,
    recordedInstallments: recorded.installments,
    confirmedAmountsCents: confirmed.amounts,
    recordedAmountsCents: recorded.amounts,
    confirmedTotalCents: confirmed.totalCents,
    recordedTotalCents: recorded.totalCents,
  })
  return { outcome: 'differs', confirmed, recorded }
}
