/**
 * The creation payload as the docs' PHP service takes it, brought to the shared schema's form
 * before validating (the schema belongs to the contract and stays strict). The docs' example
 * (api/private-erp/new_order.md) sends every field as text — `"number": ""`, `"quantity": ""` —
 * and PHP reads them loosely: digits are numbers, `""` is "not given". Only those readings are
 * made here; anything else reaches the schema unchanged and fails there as it would.
 */

type Loose = Record<string, unknown>

const isObject = (value: unknown): value is Loose =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** "12" → 12, "119.90" → 119.9; anything else as it came. */
function numeric(value: unknown, integer: boolean): unknown {
  if (typeof value !== 'string') return value
  const text = value.trim()
  const pattern = integer ? /^\d+$/ : /^\d+(\.\d+)?$/
  return pattern.test(text) ? Number(text) : value
}

export function fromPhpForm(body: unknown): unknown {
  if (!isObject(body)) return body
  const out: Loose = { ...body }
  // PHP's empty(): a blank code or date means "let the service choose".
  for (const key of ['code', 'date'] as const) if (out[key] === '') delete out[key]
  out.negotiationType = numeric(out.negotiationType, true)

  if (isObject(out.user)) {
    const user: Loose = { ...out.user }
    // (int) "" is 0 in PHP: a blank street number is stored as 0, as the docs' details show.
    user.number = user.number === '' ? 0 : numeric(user.number, true)
    out.user = user
  }
  if (Array.isArray(out.orderItems)) {
    out.orderItems = out.orderItems.map((item: unknown) => {
      if (!isObject(item)) return item
      return {
        ...item,
        quantity: numeric(item.quantity, true),
        price: numeric(item.price, false),
        // The discount is optional in the docs ("" when none).
        discount: item.discount === '' ? 0 : numeric(item.discount, false),
      }
    })
  }
  return out
}
