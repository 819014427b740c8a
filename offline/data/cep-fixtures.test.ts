import { isValidCep } from '@brazilian-utils/brazilian-utils'
import { describe, expect, it } from 'vitest'
import { cepAddressSchema } from '../../common/contract/schemas/cep'
import { CEP_FIXTURES, fixtureCepProvider, PROVIDER_DOWN_CEP, UNKNOWN_CEP } from './cep-fixtures'

const signal = () => new AbortController().signal

describe('CEP fixtures', () => {
  it.each([...CEP_FIXTURES])(
    '%s is a valid CEP with an address the relay would answer',
    (cep, address) => {
      expect(isValidCep(cep)).toBe(true)
      expect(cepAddressSchema.parse(address)).toEqual(address)
      expect(address.cep).toBe(cep)
    },
  )

  it('carries the CEPs the checkout journeys type, and a city-wide one', () => {
    expect(CEP_FIXTURES.get('01310200')).toEqual({
      cep: '01310200',
      state: 'SP',
      city: 'São Paulo',
      neighborhood: 'Bela Vista',
      street: 'Avenida Paulista',
    })
    expect(CEP_FIXTURES.get('04538133')).toMatchObject({
      street: 'Avenida Brigadeiro Faria Lima',
      neighborhood: 'Itaim Bibi',
    })
    const capitals: [string, string][] = [
      ['20040020', 'Rio de Janeiro'],
      ['30130010', 'Belo Horizonte'],
      ['70040010', 'Brasília'],
    ]
    for (const [cep, city] of capitals) expect(CEP_FIXTURES.get(cep)?.city).toBe(city)
    expect(CEP_FIXTURES.get('78175000')).toMatchObject({
      city: 'Poconé',
      street: '',
      neighborhood: '',
    })
  })

  it('the two made-up CEPs pass the format check, so the lookup gets to ask for them', () => {
    for (const cep of [UNKNOWN_CEP, PROVIDER_DOWN_CEP]) {
      expect(isValidCep(cep)).toBe(true)
      expect(CEP_FIXTURES.has(cep)).toBe(false)
    }
  })
})

describe('fixtureCepProvider', () => {
  it('finds a listed CEP, handing out a copy', async () => {
    const answer = await fixtureCepProvider.lookup('01310200', signal())
    expect(answer).toEqual({ kind: 'found', address: CEP_FIXTURES.get('01310200') })
    if (answer.kind === 'found') answer.address.street = 'mudada'
    expect(CEP_FIXTURES.get('01310200')?.street).toBe('Avenida Paulista')
  })

  it('does not know 99999-999, nor any CEP it does not list', async () => {
    expect(await fixtureCepProvider.lookup(UNKNOWN_CEP, signal())).toEqual({ kind: 'not_found' })
    expect(await fixtureCepProvider.lookup('12345678', signal())).toEqual({ kind: 'not_found' })
  })

  it('fails for 11111-111 as a provider that is down does, which is no "not found"', async () => {
    await expect(fixtureCepProvider.lookup(PROVIDER_DOWN_CEP, signal())).rejects.toThrow()
  })

  it('does not answer once the lookup gave up on it', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(fixtureCepProvider.lookup('01310200', controller.signal)).rejects.toThrow()
  })
})
