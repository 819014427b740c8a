import { standardSchemaResolver } from '@hookform/resolvers/standard-schema'
import type { FieldErrors, Resolver } from 'react-hook-form'
import { documentKind, type HolderNeed } from '../../lib/certificate-holder'
import {
  checkoutFormSchema,
  crossFieldErrors,
  type CheckoutFormValues,
} from './checkout-form-schema'

const schemaResolver = standardSchemaResolver(checkoutFormSchema)

/**
 * The schema's rules, then the rules across fields and the cart's (crossFieldErrors), merged
 * into one answer so a failed submit lists every problem at once. A field's own error (empty,
 * malformed) wins over a cross-field one. The cart's need comes as the form's `context`.
 */
export const checkoutResolver: Resolver<CheckoutFormValues, HolderNeed> = async (
  values,
  need,
  options,
) => {
  const result = await schemaResolver(values, need, options)
  const errors: FieldErrors<CheckoutFormValues> = { ...result.errors }
  const extra = crossFieldErrors(values, need ?? { kind: 'any' })
  for (const [name, message] of Object.entries(extra) as [keyof CheckoutFormValues, string][]) {
    if (!errors[name]) errors[name] = { type: 'custom', message }
  }
  // The name field is a company's razão social: an empty one is named so.
  if (
    errors.name?.message === 'O nome é obrigatório.' &&
    documentKind(values.document) === 'cnpj'
  ) {
    errors.name = { ...errors.name, message: 'A razão social é obrigatória.' }
  }
  if (Object.keys(errors).length === 0) return result
  return { values: {}, errors }
}
