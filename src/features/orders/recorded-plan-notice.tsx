import type { OrderDetail } from '../../../common/contract/schemas/order'
import type { PlanFacts } from '../../../common/contract/schemas/read-back'
import { planDifference, recordedPlanOf } from '../../../common/contract/schemas/read-back-plan'
import { ContactText } from '../../components/company-contact'
import { tAccount } from '../../../common/words/pt-br-account'
import { describeAmounts, describePlan } from '../../../common/rules/payment-plans'
import { formatBRL } from '../../../common/rules/money'
import { useHydrated } from '../../state/use-hydrated'
import { recordedPlanWords } from './recorded-plan'

/** The confirmed plan in checkout's words: the split it showed, when the relay says it. */
function confirmedPlanWords(confirmed: PlanFacts, fallbackTotal: number): string {
  const settings = { paymentMethod: confirmed.paymentMethod, installments: confirmed.installments }
  return confirmed.amounts
    ? describeAmounts(settings, confirmed.amounts)
    : describePlan(settings, confirmed.totalCents ?? fallbackTotal)
}

/**
 * Right after checkout, when the order the service shows is not the plan (option, installments
 * and their amounts: planDifference) or total the buyer confirmed: says so in plain words, the
 * service's as the truth (it is what will be charged, and what the rest of the page shows).
 * Compared with the order as this page read it, so it holds whether or not the relay's own
 * read-back got an answer.
 */
export function RecordedPlanNotice({
  order,
  confirmed,
}: {
  order: OrderDetail
  confirmed: PlanFacts
}) {
  // The confirmed plan travels in navigation state, which the server never sees.
  const hydrated = useHydrated()
  if (!hydrated) return null
  const recorded = recordedPlanOf(order)
  const differs = planDifference(confirmed, recorded)
  if (!differs.plan && !differs.total) return null
  const words = tAccount.recordedPlan
  const recordedTotal = recorded.totalCents ?? confirmed.totalCents ?? 0
  return (
    <div role="alert" className="notice plan-notice order__notice">
      <p>
        <strong>{words.title}</strong>
      </p>
      <dl className="plan-notice__facts">
        <div>
          <dt>{words.confirmed}</dt>
          <dd>{confirmedPlanWords(confirmed, recordedTotal)}</dd>
        </div>
        <div>
          <dt>{words.recorded}</dt>
          <dd>
            {recordedPlanWords(order, recordedTotal)}
            {differs.total && confirmed.totalCents !== null && (
              <> {words.totalWas(formatBRL(confirmed.totalCents))}</>
            )}
          </dd>
        </div>
      </dl>
      <p>
        <ContactText text={words.truth} order />
      </p>
    </div>
  )
}
