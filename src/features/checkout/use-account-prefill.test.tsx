// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AccountProfile } from '../../../common/contract/schemas/profile'
import { EMPTY_CHECKOUT_FORM, type CheckoutFormValues } from './checkout-form-schema'
import { useAccountPrefill } from './use-account-prefill'
import { MARIA_PROFILE } from '../../../offline/testing/account-profiles'

/**
 * The logged-in checkout starts from the account (`GET /api/account/profile`, the same answer
 * on both dialects), and what the buyer typed before that answer came stays as typed.
 */

// Lower case as a service may write it: the form shows the state as the select has it.
const MARIA: AccountProfile = { ...MARIA_PROFILE, state: 'sp' }

/** The profile answered once `release()` is called, as a slow relay would. */
function slowProfile(profile: AccountProfile) {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  const fetchMock = vi.fn(async () => {
    await gate
    return Response.json(profile)
  })
  vi.stubGlobal('fetch', fetchMock)
  return { release, fetchMock }
}

function renderPrefill(authenticated = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return renderHook(
    () => {
      const form = useForm<CheckoutFormValues>({ defaultValues: EMPTY_CHECKOUT_FORM })
      return { form, profile: useAccountPrefill(form, authenticated) }
    },
    { wrapper },
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('useAccountPrefill', () => {
  it('fills every empty field from the account, shown as the buyer would type it', async () => {
    const { release } = slowProfile(MARIA)
    const { result } = renderPrefill()
    act(release)
    await waitFor(() => expect(result.current.profile).toBeDefined())
    expect(result.current.form.getValues()).toMatchObject({
      document: '529.982.247-25',
      name: 'Maria Aparecida Santos',
      email: 'maria.santos@exemplo.com.br',
      cellphone: '(11) 98765-4321',
      phone: '(11) 3322-4455',
      zipCode: '01310-200',
      address: 'Avenida Paulista',
      number: '1578',
      addressDetail: 'Apto 84',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    })
  })

  it('keeps what the buyer typed before the answer came, and fills the rest', async () => {
    const { release } = slowProfile(MARIA)
    const { result } = renderPrefill()
    act(() => {
      result.current.form.setValue('name', 'Maria A. Santos')
      result.current.form.setValue('cellphone', '(11) 91111-2222')
    })
    act(release)
    await waitFor(() => expect(result.current.profile).toBeDefined())
    const values = result.current.form.getValues()
    expect(values.name).toBe('Maria A. Santos')
    expect(values.cellphone).toBe('(11) 91111-2222')
    expect(values.email).toBe('maria.santos@exemplo.com.br')
    expect(values.address).toBe('Avenida Paulista')
  })

  it("a CEP typed before the answer keeps the account's street out of the address", async () => {
    const { release } = slowProfile(MARIA)
    const { result } = renderPrefill()
    act(() => result.current.form.setValue('zipCode', '04538-133'))
    act(release)
    await waitFor(() => expect(result.current.profile).toBeDefined())
    const values = result.current.form.getValues()
    expect(values.zipCode).toBe('04538-133')
    for (const field of ['address', 'number', 'addressDetail', 'neighborhood', 'city', 'state']) {
      expect(values[field as keyof CheckoutFormValues]).toBe('')
    }
    // Who the buyer is still comes from the account.
    expect(values.name).toBe('Maria Aparecida Santos')
    expect(values.email).toBe('maria.santos@exemplo.com.br')
  })

  it.each([
    ['half typed', '01310'],
    ['of another place, then corrected,', '04538-133'],
  ])(
    "a CEP %s when the answer came brings the account's number and complement once it is the account's",
    async (_, typed) => {
      const { release } = slowProfile(MARIA)
      const { result } = renderPrefill()
      act(() => result.current.form.setValue('zipCode', typed))
      act(release)
      await waitFor(() => expect(result.current.profile).toBeDefined())
      expect(result.current.form.getValues('number')).toBe('')
      act(() => result.current.form.setValue('zipCode', '01310-200'))
      await waitFor(() => expect(result.current.form.getValues('number')).toBe('1578'))
      expect(result.current.form.getValues()).toMatchObject({
        addressDetail: 'Apto 84',
        address: 'Avenida Paulista',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      })
    },
  )

  it("never fills what the buyer typed at the account's CEP, nor a number they said there is none of", async () => {
    const { release } = slowProfile(MARIA)
    const { result } = renderPrefill()
    act(() => {
      result.current.form.setValue('zipCode', '01310')
      result.current.form.setValue('addressDetail', 'Sala 2')
      result.current.form.setValue('noNumber', true)
    })
    act(release)
    await waitFor(() => expect(result.current.profile).toBeDefined())
    act(() => result.current.form.setValue('zipCode', '01310-200'))
    await waitFor(() => expect(result.current.form.getValues('address')).toBe('Avenida Paulista'))
    expect(result.current.form.getValues('addressDetail')).toBe('Sala 2')
    expect(result.current.form.getValues('number')).toBe('')
  })

  it('asks nothing for a guest', async () => {
    const { fetchMock } = slowProfile(MARIA)
    const { result } = renderPrefill(false)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(fetchMock).not.toHaveBeenCalled()
    expect(result.current.form.getValues('name')).toBe('')
  })
})
