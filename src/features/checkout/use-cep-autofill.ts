import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { ApiError } from '../../../common/contract/api-error'
import { cepQueries } from '../../api/queries/cep-queries'
import { cepDigits, type CepAddress } from '../../../common/contract/schemas/cep'
import { announce } from '../../components/announce'
import { tCheckout } from '../../../common/words/pt-br-checkout'
import type { CheckoutFormValues } from './checkout-form-schema'

export type CepStatus = 'idle' | 'loading' | 'found' | 'city-wide' | 'not-found' | 'unavailable'

type Filled = 'address' | 'neighborhood' | 'city' | 'state'

/**
 * Fills street, neighbourhood, city and state from the CEP as soon as it is complete, through
 * the relay (`GET /api/cep/:cep`). Never in the buyer's way: every field stays editable; a field
 * the buyer changed is never overwritten, a field the lookup filled is replaced when the CEP
 * changes; an unknown CEP or a lookup that fails leaves the address to be typed, with a note.
 */
export function useCepAutofill(form: UseFormReturn<CheckoutFormValues>): CepStatus {
  const queryClient = useQueryClient()
  const zipCode = useWatch({ control: form.control, name: 'zipCode' })
  const [status, setStatus] = useState<CepStatus>('idle')
  /** What the last lookup put in each field, to tell its values from the buyer's. */
  const filled = useRef<Partial<Record<Filled, string>>>({})
  const lastCep = useRef<string | null>(null)

  useEffect(() => {
    const cep = cepDigits(zipCode)
    if (cep === lastCep.current) return
    lastCep.current = cep
    if (!cep) {
      setStatus('idle')
      return
    }
    const controller = new AbortController()
    setStatus('loading')
    queryClient
      .fetchQuery({ ...cepQueries.byCep(cep), networkMode: 'always' })
      .then((address) => {
        if (controller.signal.aborted) return
        apply(address)
        const next = address.street === '' ? 'city-wide' : 'found'
        setStatus(next)
        announce(next === 'found' ? tCheckout.cep.found : tCheckout.cep.cityWide)
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        const notFound = error instanceof ApiError && error.status === 404
        setStatus(notFound ? 'not-found' : 'unavailable')
      })
    return () => controller.abort()

    function apply(address: CepAddress) {
      const values: Record<Filled, string> = {
        address: address.street,
        neighborhood: address.neighborhood,
        city: address.city,
        state: address.state,
      }
      for (const name of Object.keys(values) as Filled[]) {
        const current = form.getValues(name)
        const ours = current === '' || current === filled.current[name]
        if (!ours) continue
        // An empty answer (a city-wide CEP has no street) clears only what the lookup had put.
        form.setValue(name, values[name], { shouldValidate: values[name] !== '' })
        filled.current[name] = values[name]
        selectIfTyping(name)
      }
    }
  }, [zipCode, form, queryClient])

  return status
}

/**
 * The answer can land in the field the buyer has just entered, empty, about to type: what it
 * wrote is selected, so the next key replaces it (as a browser's inline completion does)
 * instead of being added after it ("Itaim BibiVila Olímpia").
 */
function selectIfTyping(name: Filled) {
  const active = document.activeElement
  if (active instanceof HTMLInputElement && active.name === name) active.select()
}
