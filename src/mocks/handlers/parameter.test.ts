import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { envelopeSchema } from '../../api/schemas/common'
import { PARAMETER_KEYS, parameterListSchema } from '../../api/schemas/parameter'
import { setupOfflineServer } from '../node'

const CERTIFICA = 'https://loja.certificabrasil.com.br'
const DIGITAL_SUL = 'https://vendas.digitalsul.net.br'

const { server, model } = setupOfflineServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

async function parameters(origin: string) {
  const res = await fetch(`${model.baseUrl}/parameter`, { headers: { Origin: origin } })
  expect(res.status).toBe(200)
  const list = parameterListSchema.parse(await res.json())
  return { list, byKey: new Map(list._embedded.parameter.map((p) => [p.dataKey, p.dataValue])) }
}

describe('GET /parameter', () => {
  it.each([CERTIFICA, DIGITAL_SUL])('lists all 8 spec keys for %s', async (origin) => {
    const { list, byKey } = await parameters(origin)
    for (const key of Object.values(PARAMETER_KEYS)) expect(byKey.has(key)).toBe(true)
    expect(list.total_items).toBe(list._embedded.parameter.length)
    expect(list._links).toMatchObject({ self: { href: `${model.baseUrl}/parameter` } })
  })

  it.each([CERTIFICA, DIGITAL_SUL])('the terms of %s carry the hostile payload', async (origin) => {
    const terms = (await parameters(origin)).byKey.get(PARAMETER_KEYS.terms) ?? ''
    expect(terms).toMatch(/<script>/)
    expect(terms).toMatch(/onerror=/)
    expect(terms).toMatch(/href="javascript:/)
  })

  it('is scoped by Origin: the two tenants answer different parameters', async () => {
    const a = (await parameters(CERTIFICA)).byKey
    const b = (await parameters(DIGITAL_SUL)).byKey
    expect(a.get(PARAMETER_KEYS.allowGuest)).toBe('1')
    expect(b.get(PARAMETER_KEYS.allowGuest)).toBe('0')
    expect(a.get(PARAMETER_KEYS.scheduling)).toBe('presencial videoconferencia')
    expect(b.get(PARAMETER_KEYS.scheduling)).toBe('videoconferencia')
    expect(a.get(PARAMETER_KEYS.terms)).not.toBe(b.get(PARAMETER_KEYS.terms))
  })

  it('403 Forbidden envelope without an Origin or with an unknown one', async () => {
    for (const headers of [{}, { Origin: 'https://desconhecida.com.br' }] as Record<
      string,
      string
    >[]) {
      const res = await fetch(`${model.baseUrl}/parameter`, { headers })
      expect(res.status).toBe(403)
      expect(envelopeSchema.parse(await res.json())).toMatchObject({
        status: 403,
        title: 'Forbidden',
      })
    }
  })
})
