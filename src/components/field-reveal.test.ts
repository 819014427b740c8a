import type { Resolver } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { createFieldReveal, revealingRegister, revealingResolver } from './field-reveal'

type Values = { cep: string; city: string; terms: boolean }

/** A resolver that finds every field wrong, as the schema does for an empty form. */
const allWrong: Resolver<Values> = async () => ({
  values: {},
  errors: {
    cep: { type: 'custom', message: 'O CEP é obrigatório.' },
    city: { type: 'custom', message: 'A cidade é obrigatória.' },
    terms: { type: 'custom', message: 'Aceite os termos de compra para continuar.' },
  },
})
const EMPTY: Values = { cep: '', city: '', terms: false }
const options = { fields: {}, shouldUseNativeValidation: undefined }

async function shown(resolver: Resolver<Values>, values: Values) {
  const result = await resolver(values, undefined, options)
  return Object.keys(result.errors)
}

describe('which errors the buyer sees before the first submit', () => {
  it('none for fields only passed through, empty (a text field, a checkbox)', async () => {
    const reveal = createFieldReveal()
    reveal.left('cep')
    reveal.left('terms')
    expect(await shown(revealingResolver(allWrong, reveal), EMPTY)).toEqual([])
  })

  it('none while a field is typed in for the first time; all of its own once left', async () => {
    const reveal = createFieldReveal()
    const resolver = revealingResolver(allWrong, reveal)
    reveal.typed('cep')
    expect(await shown(resolver, { ...EMPTY, cep: '0131' })).toEqual([])
    reveal.left('cep')
    expect(await shown(resolver, { ...EMPTY, cep: '0131' })).toEqual(['cep'])
    // Emptied and left: "obrigatório" is the buyer's own doing now.
    expect(await shown(resolver, EMPTY)).toEqual(['cep'])
  })

  it('a value the buyer did not type (draft, account, CEP lookup) is judged as it is', async () => {
    const reveal = createFieldReveal()
    expect(await shown(revealingResolver(allWrong, reveal), { ...EMPTY, city: 'X' })).toEqual([
      'city',
    ])
  })

  it('after a submit, every error', async () => {
    const reveal = createFieldReveal()
    reveal.revealAll()
    expect(await shown(revealingResolver(allWrong, reveal), EMPTY)).toEqual([
      'cep',
      'city',
      'terms',
    ])
  })

  it('a form with nothing to show is valid for the fields asked, with their values', async () => {
    const result = await revealingResolver(allWrong, createFieldReveal())(EMPTY, undefined, options)
    expect(result).toEqual({ values: EMPTY, errors: {} })
  })
})

describe('revealingRegister', () => {
  it('tells of a change and of leaving before react-hook-form validates', async () => {
    const reveal = createFieldReveal()
    const order: string[] = []
    const register = vi.fn((name: string) => ({
      name,
      ref: () => {},
      onChange: async () => void order.push(`change:${reveal.shows(name, '')}`),
      onBlur: async () => void order.push(`blur:${reveal.shows(name, '')}`),
    }))
    const tracked = revealingRegister(register as never, reveal)
    const field = tracked('cep' as never)
    await field.onBlur({ target: {}, type: 'blur' })
    await field.onChange({ target: {}, type: 'change' })
    await field.onBlur({ target: {}, type: 'blur' })
    // Passed through: hidden; typed: hidden until left; left after typing: shown.
    expect(order).toEqual(['blur:false', 'change:false', 'blur:true'])
  })
})
