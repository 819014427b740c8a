/**
 * What a service's undocumented error leaves in the log: its status and a title with nobody in
 * it. The title is the service's text, and a service that echoes what it was sent may put a
 * buyer's CPF or e-mail there, spelled any way (attack: spellings that hid them from the scrub).
 */
import { describe, expect, it } from 'vitest'
import { buildRelay } from '../testing/test-helpers'

describe('an undocumented upstream error in the log', () => {
  it.each([
    'CPF 529.982.247-25 recusado',
    'CPF 529 . 982 . 247 - 25 recusado',
    'CPF 529_982_247_25 recusado',
    'CPF ５２９９８２２４７２５ recusado',
    'CPF 529\u200B982\u200B247\u200B25 recusado',
    'e-mail "maria;x"@exemplo.com.br recusado',
  ])('%j is logged with nobody in it', async (title) => {
    const relay = buildRelay({
      upstream: async (request, offline) =>
        new URL(request.url).searchParams.get('t') === 'prices'
          ? Response.json({ title, status: 418, detail: title }, { status: 418 })
          : offline(request),
    })
    await relay.request('/api/products')
    const line = relay.logs.find((l) => l.msg === 'upstream undocumented error')
    expect(line).toBeDefined()
    // Without the request ids: random UUIDs, one in forty of which holds a "529" or a "982".
    const logged = JSON.stringify(relay.logs.map(({ requestId: _id, ...line }) => line))
    expect(logged).not.toMatch(/529|982|247|maria|５|\u200B/)
    expect(line!.title).toMatch(/recusado$/)
  })
})
