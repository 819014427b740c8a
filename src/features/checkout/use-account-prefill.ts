import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { accountQueries } from '../../api/queries/account-queries'
import type { AccountProfile } from '../../api/schemas/profile'
import { maskCep, maskCpfCnpj, maskPhone, onlyDigits } from '../../lib/masks'
import type { CheckoutFormValues } from './checkout-form-schema'

/** Profile fields that fill a form field of the same name, each shown as the buyer would type it. */
const FILLS = {
  name: (v: string) => v,
  email: (v: string) => v,
  cellphone: maskPhone,
  phone: maskPhone,
  zipCode: maskCep,
  address: (v: string) => v,
  number: (v: string) => v,
  addressDetail: (v: string) => v,
  neighborhood: (v: string) => v,
  city: (v: string) => v,
  state: (v: string) => v.toUpperCase(),
} as const satisfies Partial<Record<keyof AccountProfile, (value: string) => string>>

/** The fields that go with a CEP: the account's, or none of them. */
const PLACE: ReadonlySet<string> = new Set([
  'address',
  'number',
  'addressDetail',
  'neighborhood',
  'city',
  'state',
])

/**
 * A logged-in buyer's checkout starts from their account: the document is the account's (the
 * relay refuses any other, so it is shown, not typed) and every empty field takes what the
 * account knows (the relay's one answer on both dialects: the service's profile read, or the
 * account's latest order where there is none). What the buyer already typed, before the answer
 * came or in the tab's draft, is never overwritten. Returns
 * the profile, or undefined while it loads, for a guest, or when it cannot be read (the form
 * then works as for anyone).
 */
export function useAccountPrefill(
  form: UseFormReturn<CheckoutFormValues>,
  authenticated: boolean,
): AccountProfile | undefined {
  const profile = useQuery({ ...accountQueries.profile(), enabled: authenticated })
  const data = authenticated ? profile.data : undefined

  useEffect(() => {
    if (!data) return
    form.setValue('document', maskCpfCnpj(data.document), { shouldValidate: true })
    // A CEP the buyer typed before the account's data came (another place than the account's)
    // brings its own street from the lookup: the account's must not land beside it.
    const typedCep = onlyDigits(form.getValues('zipCode'))
    const elsewhere = typedCep !== '' && typedCep !== onlyDigits(data.zipCode ?? '')
    for (const [name, shown] of Object.entries(FILLS) as [
      keyof typeof FILLS,
      (v: string) => string,
    ][]) {
      if (elsewhere && PLACE.has(name)) continue
      const value = data[name]
      if (value && form.getValues(name) === '') form.setValue(name, shown(value))
    }
  }, [data, form])

  return data
}
