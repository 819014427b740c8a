import { describe, expect, it } from 'vitest'
import { ConfigError, parseEnv } from '../../host/config'
import {
  brasilApiProvider,
  createCepLookup,
  viaCepProvider,
  type CepAnswer,
  type CepProvider,
} from './cep-lookup'
import { deferred } from '../testing/test-helpers'
import type { Fetcher, LogEntry } from '../http/types'

const signal = () => new AbortController().signal
const answering =
  (response: () => Response): Fetcher =>
  async () =>
    response()

/** A provider that counts its calls and answers what `answer` says for the CEP. */
function countingProvider(name: string, answer: (cep: string) => CepAnswer | Promise<CepAnswer>) {
  const asked: string[] = []
  const provider: CepProvider = {
    name,
    async lookup(cep) {
      asked.push(cep)
      return answer(cep)
    },
  }
  return { provider, asked }
}

const SE = {
  cep: '01001000',
  state: 'SP',
  city: 'São Paulo',
  neighborhood: 'Sé',
  street: 'Praça da Sé',
} as const

describe('brasilApiProvider', () => {
  it('reads a generic (city-wide) CEP, whose street and neighbourhood BrasilAPI sends as null', async () => {
    const provider = brasilApiProvider(
      answering(() =>
        Response.json({
          cep: '78175000',
          state: 'MT',
          city: 'Poconé',
          neighborhood: null,
          street: null,
          service: 'viacep',
        }),
      ),
    )
    expect(await provider.lookup('78175000', signal())).toEqual({
      kind: 'found',
      address: { cep: '78175000', state: 'MT', city: 'Poconé', neighborhood: '', street: '' },
    })
  })

  it('asks the v2 URL for the 8 digits, asking for JSON', async () => {
    let asked: Request | undefined
    const provider = brasilApiProvider(async (request) => {
      asked = request
      return Response.json({ ...SE, service: 'correios' })
    })
    await provider.lookup('01001000', signal())
    expect(asked?.url).toBe('https://brasilapi.com.br/api/cep/v2/01001000')
    expect(asked?.headers.get('accept')).toBe('application/json')
  })

  it.each([
    ['a state that is no UF', { ...SE, state: 'XX' }, 'unreadable'],
    ['no city', { ...SE, city: '' }, 'unreadable'],
    ['something else', { ok: true }, 'unreadable'],
    ['the address of another CEP', { ...SE, cep: '01001001' }, 'answer for another CEP'],
  ])('refuses %s, so the next provider is asked', async (_, body, reason) => {
    const provider = brasilApiProvider(answering(() => Response.json(body)))
    await expect(provider.lookup('01001000', signal())).rejects.toMatchObject({ reason })
  })

  it('tidies what it reads: spaces trimmed, state upper-cased, unknown fields dropped', async () => {
    const provider = brasilApiProvider(
      answering(() =>
        Response.json({ ...SE, state: 'sp', city: ' São Paulo ', location: { type: 'Point' } }),
      ),
    )
    expect(await provider.lookup('01001000', signal())).toEqual({ kind: 'found', address: SE })
  })

  it('refuses an answer far bigger than any CEP, even without a Content-Length', async () => {
    const huge = JSON.stringify({ ...SE, padding: 'x'.repeat(100_000) })
    const provider = brasilApiProvider(
      answering(() => new Response(new Blob([huge]).stream(), { status: 200 })),
    )
    await expect(provider.lookup('01001000', signal())).rejects.toMatchObject({
      reason: 'too large',
    })
  })
})

describe('viaCepProvider', () => {
  it('reads its Portuguese field names, a city-wide CEP with empty street and bairro', async () => {
    let url = ''
    const provider = viaCepProvider(async (request) => {
      url = request.url
      return Response.json({
        cep: '23970-000',
        logradouro: '',
        complemento: '',
        bairro: '',
        localidade: 'Paraty',
        uf: 'RJ',
        ibge: '3303807',
      })
    })
    expect(await provider.lookup('23970000', signal())).toEqual({
      kind: 'found',
      address: { cep: '23970000', state: 'RJ', city: 'Paraty', neighborhood: '', street: '' },
    })
    expect(url).toBe('https://viacep.com.br/ws/23970000/json/')
  })

  it('a 400 (the format it refuses) is a failure, not a "not found"', async () => {
    const provider = viaCepProvider(answering(() => new Response('Bad Request', { status: 400 })))
    await expect(provider.lookup('01001000', signal())).rejects.toMatchObject({
      reason: 'status 400',
    })
  })
})

describe('createCepLookup', () => {
  it('asks the providers in order and stops at the first that answers for sure', async () => {
    const logs: LogEntry[] = []
    const down: CepProvider = {
      name: 'down',
      lookup: async () => {
        throw new TypeError('fetch failed')
      },
    }
    const second = countingProvider('second', () => ({ kind: 'not_found' }))
    const third = countingProvider('third', () => ({ kind: 'found', address: SE }))
    const lookup = createCepLookup({
      providers: [down, second.provider, third.provider],
      log: (e) => logs.push(e),
    })
    expect(await lookup.lookup('01001000')).toEqual({ kind: 'not_found' })
    expect(second.asked).toEqual(['01001000'])
    expect(third.asked).toEqual([])
    expect(logs).toEqual([
      { level: 'warn', msg: 'cep provider failed', provider: 'down', reason: 'error' },
    ])
  })

  it('gives up on a provider that ignores its abort signal once the deadline passes', async () => {
    const never: CepProvider = { name: 'never', lookup: () => new Promise(() => {}) }
    const logs: LogEntry[] = []
    const lookup = createCepLookup({ providers: [never], timeoutMs: 20, log: (e) => logs.push(e) })
    expect(await lookup.lookup('01001000')).toEqual({ kind: 'unavailable' })
    expect(logs).toEqual([expect.objectContaining({ provider: 'never', reason: 'timeout' })])
  })

  it('buyers asking for one CEP at the same time cost one provider call', async () => {
    const gate = deferred<void>()
    const slow = countingProvider('slow', async () => {
      await gate.promise
      return { kind: 'found', address: SE }
    })
    const lookup = createCepLookup({ providers: [slow.provider] })
    const both = Promise.all([lookup.lookup('01001000'), lookup.lookup('01001000')])
    gate.resolve()
    expect(await both).toEqual([
      { kind: 'found', address: SE },
      { kind: 'found', address: SE },
    ])
    expect(slow.asked).toEqual(['01001000'])
  })

  it('keeps at most maxEntries CEPs, dropping the one used longest ago', async () => {
    const provider = countingProvider('p', () => ({ kind: 'not_found' }))
    const lookup = createCepLookup({ providers: [provider.provider], maxEntries: 2 })
    await lookup.lookup('11111111')
    await lookup.lookup('22222222')
    await lookup.lookup('11111111') // used again: now 22222222 is the oldest
    await lookup.lookup('33333333')
    await lookup.lookup('11111111')
    expect(provider.asked).toEqual(['11111111', '22222222', '33333333'])
    await lookup.lookup('22222222')
    expect(provider.asked).toEqual(['11111111', '22222222', '33333333', '22222222'])
  })

  it('a flood of distinct CEPs at once opens at most maxInFlight provider requests', async () => {
    const gate = deferred<void>()
    const slow = countingProvider('slow', async () => {
      await gate.promise
      return { kind: 'found', address: SE }
    })
    const lookup = createCepLookup({ providers: [slow.provider], maxInFlight: 3 })
    const flood = Array.from({ length: 50 }, (_, n) => lookup.lookup(String(10_000_000 + n)))
    // Past the bound: answered at once, without a provider request (the buyer types it).
    expect(await lookup.lookup('01001000')).toEqual({ kind: 'unavailable' })
    expect(slow.asked).toHaveLength(3)
    gate.resolve()
    const answers = await Promise.all(flood)
    expect(answers.filter((a) => a.kind === 'found')).toHaveLength(3)
    // Once they are answered, lookups go to the providers again.
    expect(await lookup.lookup('01001000')).toEqual({ kind: 'found', address: SE })
  })

  it('with no providers it is off: every CEP is unavailable', async () => {
    expect(await createCepLookup({ providers: [] }).lookup('01001000')).toEqual({
      kind: 'unavailable',
    })
  })
})

describe('CEP configuration (server/host/config.ts)', () => {
  it('defaults to BrasilAPI then ViaCEP, 2.5 s each', () => {
    expect(parseEnv({})).toMatchObject({
      CEP_PROVIDERS: ['brasilapi', 'viacep'],
      CEP_TIMEOUT_MS: 2_500,
    })
  })

  it.each([
    ['viacep', ['viacep']],
    [' ViaCEP , brasilapi ', ['viacep', 'brasilapi']],
    ['brasilapi,brasilapi', ['brasilapi']],
    ['off', 'off'],
    ['OFF', 'off'],
  ])('CEP_PROVIDERS=%j → %j', (value, expected) => {
    expect(parseEnv({ CEP_PROVIDERS: value }).CEP_PROVIDERS).toEqual(expected)
  })

  it.each([
    ['CEP_PROVIDERS', 'correios'],
    ['CEP_PROVIDERS', ','],
    ['CEP_TIMEOUT_MS', '10'],
    ['CEP_TIMEOUT_MS', 'rápido'],
  ])('refuses %s=%j, naming it', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(ConfigError)
    expect(() => parseEnv({ [name]: value })).toThrow(name)
  })
})
