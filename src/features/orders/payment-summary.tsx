import type { OrderDetail } from '../../../common/contract/schemas/order'
import { tAccount } from '../../../common/words/pt-br-account'
import { formatDate, isoDateTime } from '../../lib/dates'
import { formatBRLOrDash } from '../../../common/rules/money'
import { isPayableOnline } from '../../../common/rules/installments'
import { planAmounts } from '../../../common/rules/payment-plans'
import {
  financialStatusLabel,
  paymentLabels,
  paymentMethodLabel,
} from '../../../common/words/payment-labels'
import { formatDay } from './business-days'
import { describeInstallmentRule, sortRules } from './installment-rules'
import { recordedPlanWords } from './recorded-plan'
import type { InstallmentTruth } from './order-truth'

/**
 * The payment summary of an order: its option, installment rules and each installment as
 * charged. Paying by card is another part: src/features/payment/ (the relay's
 * routes/card-payment.ts).
 */
export function PaymentSummary({
  order,
  installments = [],
}: {
  order: OrderDetail
  /** Overdue and next-business-day facts per financial item (order-truth.ts). */
  installments?: readonly InstallmentTruth[]
}) {
  const truthOf = new Map(installments.map((i) => [i.item.id, i]))
  const option = order.negotiationType
  const rules = sortRules(option.installments)
  // Each rule's amount, the total split as the plan line splits it; without a total, or when
  // that split has another count than the rules (rules not believed), their shares in percent.
  const ruleAmounts =
    order.orderTotal === null
      ? []
      : planAmounts(option.paymentSettings, order.orderTotal, option.installments)
  const ruleAmount = (i: number) =>
    ruleAmounts.length === rules.length ? ruleAmounts[i] : undefined
  const financial = sortRules(order.financialItems)
  // "Parcela n de N": the plan says N; without a plan, the charges themselves do.
  const count = Math.max(rules[0]?.installments ?? 0, financial.length)
  const method = paymentMethodLabel(option.paymentSettings.paymentMethod)
  const plan = isPayableOnline(option.paymentSettings) ? recordedPlanWords(order) : null
  return (
    <section className="order-section" aria-labelledby="order-payment">
      <h2 id="order-payment" className="order-section__title">
        {tAccount.order.payment}
      </h2>
      <dl className="order-facts-list">
        <div>
          <dt>{tAccount.order.paymentOption}</dt>
          <dd>
            {option.description}
            {method !== option.description && <span className="order-muted"> ({method})</span>}
          </dd>
        </div>
        {/* The plan the service recorded, in checkout's words: what was confirmed there, or the
            truth when it recorded another. Not for an option paid with the store itself. */}
        {plan && (
          <div>
            <dt>{tAccount.recordedPlan.plan}</dt>
            <dd>{plan}</dd>
          </div>
        )}
      </dl>
      {rules.length > 0 && (
        <>
          <h3 className="order-subtitle">{tAccount.order.rules}</h3>
          <ol className="order-rules">
            {rules.map((rule, i) => (
              <li key={rule.id}>{describeInstallmentRule(rule, ruleAmount(i))}</li>
            ))}
          </ol>
        </>
      )}
      <h3 className="order-subtitle">{tAccount.order.installments}</h3>
      {financial.length === 0 ? (
        <p>{tAccount.order.noInstallments}</p>
      ) : (
        <ol className="installments">
          {financial.map((item) => {
            const truth = truthOf.get(item.id)
            return (
              <li
                key={item.id}
                className={`installment${truth?.overdue ? ' installment--overdue' : ''}`}
              >
                <p className="installment__title">
                  {tAccount.order.installmentOf(
                    item.installment,
                    Math.max(count, item.installment),
                  )}
                  {truth?.overdue && (
                    <span className="installment__flag"> {tAccount.states.overdueFlag}</span>
                  )}
                </p>
                <dl className="installment__facts">
                  <div>
                    <dt>{tAccount.order.dueDate}</dt>
                    <dd>
                      <time dateTime={isoDateTime(item.dueDate)}>{formatDate(item.dueDate)}</time>
                    </dd>
                  </div>
                  <div>
                    <dt>{tAccount.order.amount}</dt>
                    <dd>{formatBRLOrDash(item.amount)}</dd>
                  </div>
                  <div>
                    <dt>{tAccount.order.amountPaid}</dt>
                    <dd>{formatBRLOrDash(item.amountPaid)}</dd>
                  </div>
                  <div>
                    <dt>{tAccount.order.installmentStatus}</dt>
                    <dd>
                      {truth?.voided
                        ? paymentLabels.financialStatus.voided
                        : financialStatusLabel(item.status)}
                    </dd>
                  </div>
                </dl>
                {truth?.payableOn && (
                  <p className="installment__note">
                    {tAccount.states.businessDay(formatDay(truth.payableOn))}
                  </p>
                )}
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
