import { splitInstallments } from '../../common/rules/payment-plans'
import { centsToReais } from '../../common/rules/money'
import { dateToServiceDate, serviceDateToDate } from '../../common/rules/service-date'
import { mod11 } from '../../common/rules/boleto-line'
import type {
  FinancialItemWire,
  InstallmentRuleWire,
  NegotiationTypeWire,
  OrderDetailWire,
  OrderSeed,
  StoredDetailWire,
  TenantSeed,
  UserWire,
} from './types'

const DAY_MS = 86_400_000

/**
 * A stable, non-cryptographic signature for the offline service's download links. The real
 * service signs `q` server-side; here it only has to look and behave like one (stable per file,
 * different per file), so FNV-1a is enough and runs the same in Node and in the browser.
 */
export function signDownload(name: string, secret: string): string {
  let h1 = 0x811c9dc5
  let h2 = 0x01000193
  for (const ch of `${secret}:${name}`) {
    const c = ch.codePointAt(0) ?? 0
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0
    h2 = Math.imul(h2 ^ c, 0x85ebca6b) >>> 0
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0')
}

export function boletoHref(baseUrl: string, name: string, secret: string): string {
  return `${baseUrl}/arquivo/${encodeURIComponent(name)}?forceDownload=true&q=${signDownload(name, secret)}`
}

/** Febraban's due-date factor: days since 1997-10-07, from 1000 again after 9999 (2025-02-22). */
export function dueDateFactor(day: string): string {
  const days = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.UTC(1997, 9, 7)) / DAY_MS)
  return String(days < 1000 ? days : ((days - 1000) % 9_000) + 1000).padStart(4, '0')
}

/**
 * The bank code of the offline service's boletos. Not meant as any bank: the file says it is a
 * demonstration and must not be paid (files.ts), and a real upstream hands out its own.
 */
export const OFFLINE_BOLETO_BANK = '999'

/**
 * The 44-digit barcode of an offline boleto, laid out as Febraban's "boleto de cobrança" (bank,
 * currency 9, check digit, due-date factor, amount, 25 free digits), so the digitable line made
 * from it (common/rules/boleto-line.ts) has the real shape and check digits. Stable per installment.
 */
export function offlineBoletoBarcode(input: {
  orderId: number
  installment: number
  dueDay: string
  amountCents: number
  secret: string
}): string {
  const tail = parseInt(signDownload(String(input.orderId), input.secret).slice(0, 8), 16)
  const free =
    String(input.orderId).padStart(12, '0').slice(-12) +
    String(input.installment).padStart(3, '0').slice(-3) +
    String(tail % 10_000_000_000).padStart(10, '0')
  const amount = String(Math.max(0, Math.round(input.amountCents)))
    .padStart(10, '0')
    .slice(-10)
  const body = `${OFFLINE_BOLETO_BANK}9${dueDateFactor(input.dueDay)}${amount}${free}`
  return `${body.slice(0, 4)}${mod11(body)}${body.slice(4)}`
}

/** Splits 100% into `count` shares with two decimals that add up to exactly 100. */
export function installmentPercents(count: number): number[] {
  const base = Math.floor(10_000 / count) // hundredths of a percent
  const shares = Array.from({ length: count }, () => base)
  shares[0] = (shares[0] ?? 0) + (10_000 - base * count)
  return shares.map((s) => s / 100)
}

/** Splits cents into `count` installments the way the store shows them (the first absorbs the remainder). */
export function splitCents(total: number, count: number): number[] {
  return splitInstallments(total, count).amounts
}

/**
 * A plan's rules as this service writes them (api/private-erp/list_order_info.md): `count`
 * even shares adding up to 100 %, due every 30 days from the order's date.
 */
function planRules(orderId: number, method: string | null, count: number): InstallmentRuleWire[] {
  const isBoleto = method === 'BOLETO'
  return installmentPercents(count).map((percent, i) => ({
    id: orderId * 100 + i + 1,
    paymentMethod: method,
    generatePaymentBoleto: isBoleto,
    generatePaymentCreditCard: !isBoleto,
    installmentDueDate: i * 30,
    installmentPercent: percent,
    installmentsType: isBoleto ? 2 : 1,
    installments: count,
    installment: i + 1,
  }))
}

/** The charges (financial items) of a total in `count` installments, due as the rules say. */
function planCharges(input: {
  id: number
  code: string
  when: Date
  method: string | null
  totalCents: number
  count: number
  settled: (i: number) => boolean
}): FinancialItemWire[] {
  const { id, code, when, method, settled } = input
  return splitCents(input.totalCents, input.count).map((amount, i) => ({
    id: id * 100 + i + 1,
    code: `${code}-${i + 1}`,
    dueDate: dateToServiceDate(new Date(when.getTime() + i * 30 * DAY_MS)),
    installment: i + 1,
    amountPaid: settled(i) ? centsToReais(amount) : 0,
    amount: centsToReais(amount),
    type: method,
    status: settled(i) ? 'LIQUIDADO' : 'ABERTO',
    payment: [],
  }))
}

/**
 * An order as a service records it that picks the count itself: the store sends the option
 * and never a count (no documented create body has one; docs/dialects.md, "Payment options are
 * plans"), and such a service may record another count under the same option. Rewrites an
 * unpaid order's rules and charges to `count` installments as this service writes them; the
 * option stays as it was. For the tests and journeys of the read-back (a card plan: a boleto
 * order's files are not rewritten).
 */
export function recordInstallments(detail: StoredDetailWire, count: number): void {
  const option = detail.negotiationType
  const method = option.paymentSettings.paymentMethod
  const when = serviceDateToDate(detail.date.date, detail.date.timezone) ?? new Date()
  option.installments = planRules(detail.id, method, count)
  if (detail.financialItems.length === 0) return
  detail.financialItems = planCharges({
    id: detail.id,
    code: detail.code,
    when,
    method,
    totalCents: Math.round((detail.orderTotal ?? 0) * 100),
    count,
    settled: () => false,
  })
}

export interface BuildOrderInput {
  baseUrl: string
  tenant: TenantSeed
  seed: OrderSeed
  user: UserWire
  /** Item prices in cents by sku; defaults to the catalog price. */
  priceCents?: Map<string, number>
}

export function buildOrderDetail({
  baseUrl,
  tenant,
  seed,
  user,
  priceCents,
}: BuildOrderInput): OrderDetailWire {
  const when = new Date(seed.date)
  const negotiation = tenant.negotiationTypes.find((n) => n.id === seed.negotiationTypeId)
  if (!negotiation)
    throw new Error(`negotiation type ${seed.negotiationTypeId} unknown in ${tenant.origin}`)

  const orderItems = seed.items.map((item, index) => {
    const product = tenant.products.find((p) => p.sku === item.sku)
    if (!product) throw new Error(`sku ${item.sku} unknown in ${tenant.origin}`)
    const cents = priceCents?.get(item.sku) ?? Math.round(product.price * 100)
    return {
      id: seed.id * 10 + index + 1,
      quantity: item.quantity,
      price: centsToReais(cents),
      description: product.description,
      image: { ...product.image },
      cents,
    }
  })
  const gross = orderItems.reduce((sum, item) => sum + item.cents * item.quantity, 0)
  const totalCents = Math.max(0, gross - seed.discountCents)

  const method = negotiation.paymentSettings.paymentMethod
  const isBoleto = method === 'BOLETO'
  // The order's plan is its option's: the count is the option's own (0, at once, is one
  // installment), whatever count anyone asked for.
  const count = Math.max(1, negotiation.paymentSettings.installments)
  const rules = planRules(seed.id, method, count)

  const settled = (i: number) => seed.paid || i < (seed.settledInstallments ?? 0)
  // An order with nothing to charge (statusPayment null) has no financial items or boletos.
  const charged = seed.statusPayment !== null && totalCents > 0
  const financialItems = charged
    ? planCharges({ id: seed.id, code: seed.code, when, method, totalCents, count, settled })
    : []
  const attachmentItems =
    charged && isBoleto
      ? financialItems.map((item, i) => {
          const name = `boleto-${seed.code}-${i + 1}.pdf`
          return {
            id: seed.id * 100 + i + 1,
            description: `Boleto ${i + 1}/${count} – vencimento ${item.dueDate.date.slice(8, 10)}/${item.dueDate.date.slice(5, 7)}/${item.dueDate.date.slice(0, 4)}`,
            type: 0,
            typeDescription: 'Boleto',
            name,
            href: boletoHref(baseUrl, name, tenant.erpKey),
          }
        })
      : []

  const negotiationType: NegotiationTypeWire & { installments: typeof rules } = {
    ...negotiation,
    paymentSettings: { ...negotiation.paymentSettings },
    installments: rules,
  }

  return {
    id: seed.id,
    type: 'V',
    code: seed.code,
    date: dateToServiceDate(when),
    status: seed.status,
    orderDiscount: centsToReais(seed.discountCents),
    orderTotal: centsToReais(totalCents),
    statusPayment: seed.statusPayment,
    user: { ...user },
    orderItems: orderItems.map(({ cents: _cents, ...item }) => item),
    financialItems,
    attachmentItems,
    negotiationType,
  }
}
