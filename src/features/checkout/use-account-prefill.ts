import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { accountQueries } from '../../api/queries/account-queries'
import type { AccountProfile } from '../../../common/contract/schemas/profile'
import { maskCep, maskCpfCnpj, maskPhone, onlyDigits } from '../../../common/rules/masks'
import type { CheckoutFormValues } from './checkout-form-schema'

type Fill = (value: string) => string
const asIs: Fill = (v) => v

/** Who buys and how to reach them: each shown as the buyer would type it. */
const WHO = {
  name: asIs,
  email: asIs,
  cellphone: maskPhone,
  phone: maskPhone,
  zipCode: maskCep,
} as const satisfies Partial<Record<keyof AccountProfile, Fill>>

/** Where: the account's place, which goes with the account's CEP and no other. */
const PLACE = {
  address: asIs,
  number: asIs,
  addressDetail: asIs,
  neighborhood: asIs,
  city: asIs,
  state: (v: string) => v.toUpperCase(),
} as const satisfies Partial<Record<keyof AccountProfile, Fill>>

function fillEmpty(
  form: UseFormReturn<CheckoutFormValues>,
  data: AccountProfile,
  fills: Partial<Record<keyof typeof WHO | keyof typeof PLACE, Fill>>,
) {
  for (const [name, shown] of Object.entries(fills) as [keyof typeof fills, Fill][]) {
    const value = data[name]
    if (value && form.getValues(name) === '') form.setValue(name, shown(value))
  }
}

/** The account's place, into the fields still empty ("Sem número" ticked: the number too). */
function fillPlace(form: UseFormReturn<CheckoutFormValues>, data: AccountProfile) {
  const { number, ...rest } = PLACE
  fillEmpty(form, data, form.getValues('noNumber') ? rest : { number, ...rest })
}

/**
 * A logged-in buyer's checkout starts from their account: the document is the account's (the
 * relay refuses any other, so it is shown, not typed) and every empty field takes what the
 * account knows (the relay's one answer on both dialects: the service's profile read, or the
 * account's latest order where there is none). What the buyer already typed, before the answer
 * came or in the tab's draft, is never overwritten. Returns the profile, or undefined while it
 * loads, for a guest, or when it cannot be read (the form then works as for anyone).
 *
 * The account's place (street, number, complement, neighbourhood, city, state) follows the CEP
 * field, not only the moment the answer came: it fills when the answer finds the field empty or
 * holding the account's CEP, and whenever the field comes to hold it later. A buyer who had
 * begun typing a CEP when the answer came (a slow phone), or typed another and came back to
 * their own, gets the account's number and complement once the CEP is theirs, which the CEP
 * lookup cannot give; while the field holds another place's CEP, that place's street comes from
 * its lookup and nothing of the account's lands beside it.
 */
export function useAccountPrefill(
  form: UseFormReturn<CheckoutFormValues>,
  authenticated: boolean,
): AccountProfile | undefined {
  const profile = useQuery({ ...accountQueries.profile(), enabled: authenticated })
  const data = authenticated ? profile.data : undefined
  const zipCode = useWatch({ control: form.control, name: 'zipCode' })

  useEffect(() => {
    if (!data) return
    form.setValue('document', maskCpfCnpj(data.document), { shouldValidate: true })
    const cep = onlyDigits(form.getValues('zipCode'))
    fillEmpty(form, data, WHO)
    if (cep === '' || cep === onlyDigits(data.zipCode ?? '')) fillPlace(form, data)
  }, [data, form])

  // Later, the CEP becomes the account's (typed to its end, or corrected back to it).
  useEffect(() => {
    if (data?.zipCode && onlyDigits(zipCode) === onlyDigits(data.zipCode)) fillPlace(form, data)
  }, [data, zipCode, form])

  return data
}
