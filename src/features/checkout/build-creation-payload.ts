import type { CreationPayload } from '../../../common/contract/schemas/checkout'
import type { PaymentOptions } from '../../../common/contract/schemas/payment'
import { isPayableOnline } from '../../../common/rules/installments'
import { documentKind } from '../../lib/certificate-holder'
import { centsToReais } from '../../../common/rules/money'
import { onlyDigits } from '../../../common/rules/masks'
import type { CartLine } from '../../state/cart-math'
import type { Utm } from '../../state/link-store'
import type { CheckoutFormValues } from './checkout-form-schema'

export interface PayloadInput {
  form: CheckoutFormValues
  lines: readonly CartLine[]
  options: PaymentOptions
  /** The link reference as written in the URL (`i34_k9x`), or null for the default unit. */
  linkRef: string | null
  utm: Utm
}

/**
 * The one place the creation payload is built (docs/design.md: the extension fields — payment,
 * link, UTM — can change here alone). Prices come from the cart lines already checked
 * against the current listing, converted from cents to reais only at this boundary.
 */
export function buildCreationPayload({
  form,
  lines,
  options,
  linkRef,
  utm,
}: PayloadInput): CreationPayload {
  const negotiation = options.negotiationTypes.find((n) => String(n.id) === form.negotiationType)
  if (!negotiation || !isPayableOnline(negotiation.paymentSettings))
    throw new Error('forma de pagamento fora das opções')
  const number = form.number.trim()
  const company = documentKind(form.document) === 'cnpj'
  const name = form.name.trim().replace(/\s+/g, ' ')

  const payload: CreationPayload = {
    user: {
      document: onlyDigits(form.document),
      name,
      // A company's razão social is its name too: the docs' create body has `nameLaw` for it,
      // and their orders show it as `name` (the relay drops `nameLaw` on the spec dialect).
      ...(company ? { nameLaw: name } : {}),
      email: form.email.trim().toLowerCase(),
      cellphone: onlyDigits(form.cellphone),
      phone: onlyDigits(form.phone) || null,
      zipCode: onlyDigits(form.zipCode),
      state: form.state as CreationPayload['user']['state'],
      city: form.city.trim(),
      address: form.address.trim(),
      // The service's number is an integer: "sem número" is 0, as the docs' examples write it.
      number: form.noNumber || number === '' || /^s\/?n$/i.test(number) ? 0 : Number(number),
      addressDetail: form.addressDetail.trim(),
      neighborhood: form.neighborhood.trim(),
      // Only a company has one; "ISENTO" is how Brazilian registries write an exempt one.
      stateRegistration: !company
        ? null
        : form.stateRegistrationExempt
          ? 'ISENTO'
          : form.stateRegistration.trim() || null,
    },
    orderItems: lines
      .filter((line) => line.status.kind !== 'unavailable')
      .map((line) => ({
        product: line.item.sku,
        quantity: line.item.quantity,
        price: centsToReais(line.unitPriceCents),
        discount: 0,
      })),
    // The option is the plan: its id says the count. No `installments` field: no documented
    // create body has one (docs/dialects.md, "Payment options are plans").
    negotiationType: negotiation.id,
  }
  if (linkRef) payload.uri = linkRef
  for (const key of ['utmSource', 'utmMedium', 'utmCampaign', 'utmId'] as const) {
    const value = utm[key]
    if (value) payload[key] = value
  }
  return payload
}
