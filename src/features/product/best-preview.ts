import {
  byParts,
  isPayableOnline,
  methodOffer,
  planParts,
  type Option,
} from '../../../common/rules/installments'

/*
 * Apart from installments.ts: the product page's preview. installments.ts is in the catalog's
 * first load, and a module shared with a lazy route keeps every export any route uses.
 */

/**
 * The preview that splits a price the most: card before boleto when both split it as much.
 * Null when every plan is paid at once or none can be paid online.
 */
export function bestPreview(
  options: readonly Option[],
  totalCents: number,
): { text: string; option: Option } | null {
  const best = options
    .filter((o) => isPayableOnline(o.paymentSettings) && planParts(o.paymentSettings) > 1)
    .sort(
      (a, b) =>
        byParts(b.paymentSettings, a.paymentSettings) ||
        Number(b.paymentSettings.paymentMethod === 'CARTAO_CREDITO') -
          Number(a.paymentSettings.paymentMethod === 'CARTAO_CREDITO'),
    )[0]
  if (!best) return null
  const same = options
    .map((o) => o.paymentSettings)
    .filter((s) => s.paymentMethod === best.paymentSettings.paymentMethod)
  const text = methodOffer(same, totalCents)
  return text ? { text, option: best } : null
}
