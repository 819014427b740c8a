import * as z from 'zod/mini'
import { cepAddressSchema, type CepAddress } from '../../../common/contract/schemas/cep'
import type { Fetcher, LogEntry } from '../http/types'

/**
 * CEP → address for `GET /api/cep/:cep`, asked of public CEP services in order (BrasilAPI, then
 * ViaCEP) with a deadline each, and remembered in memory. Web APIs only, like the rest of the
 * relay: the static demo runs this inside the page (with the offline fixtures as provider).
 *
 * A provider that fails (timeout, 5xx, unreadable answer) is not a "not found": the next one is
 * asked. The first provider that answers for sure, found or not, decides.
 */

/** What one provider said for sure. A failure is thrown, never answered as "not found". */
export type CepAnswer = { kind: 'found'; address: CepAddress } | { kind: 'not_found' }

export interface CepProvider {
  /** For logs and CEP_PROVIDERS (`brasilapi`). */
  readonly name: string
  /** `cep` is 8 digits. Throws when the provider failed or answered what cannot be read. */
  lookup(cep: string, signal: AbortSignal): Promise<CepAnswer>
}

/** `unavailable`: every provider failed, or the lookup is off. */
type CepLookupResult = CepAnswer | { kind: 'unavailable' }

export interface CepLookup {
  /** `cep` is 8 digits (the route checked it). */
  lookup(cep: string): Promise<CepLookupResult>
}

/** The network providers CEP_PROVIDERS may name, in the default order. */
export const CEP_PROVIDER_NAMES = ['brasilapi', 'viacep'] as const
export type CepProviderName = (typeof CEP_PROVIDER_NAMES)[number]

const DEFAULT_CEP_TIMEOUT_MS = 2_500
/** Streets do not move: a found CEP is kept a week. */
const FOUND_TTL_MS = 7 * 24 * 60 * 60_000
/** New CEPs do appear: "not found" is kept an hour only. */
const NOT_FOUND_TTL_MS = 60 * 60_000
/** ~5,000 addresses are ~1 MB: a bounded share of the relay's heap. */
const MAX_ENTRIES = 5_000
/**
 * Distinct CEPs asked of the providers at once. A buyer waits for one; a flood of made-up CEPs
 * from many addresses past it is answered `unavailable` (the buyer types the address) instead
 * of opening a provider request each.
 */
const MAX_IN_FLIGHT = 100
/** A CEP answer is a few hundred bytes; anything far bigger is not one. */
const MAX_ANSWER_BYTES = 32 * 1024

/** The lookup when CEP_PROVIDERS is `off` (and the relay's default): always unavailable. */
export const CEP_LOOKUP_OFF: CepLookup = { lookup: async () => ({ kind: 'unavailable' }) }

class CepProviderError extends Error {
  override readonly name = 'CepProviderError'
  /** Why, for the log: `timeout`, `status 500`, `unreadable`… never the CEP. */
  constructor(readonly reason: string) {
    super(reason)
  }
}

export interface CepLookupOptions {
  /** Asked in order; none means the lookup is off. */
  providers: readonly CepProvider[]
  /** Per provider (default 2,500 ms). */
  timeoutMs?: number
  now?: () => number
  log?: (entry: LogEntry) => void
  maxEntries?: number
  maxInFlight?: number
}

export function createCepLookup(options: CepLookupOptions): CepLookup {
  const { providers } = options
  if (providers.length === 0) return CEP_LOOKUP_OFF
  const timeoutMs = options.timeoutMs ?? DEFAULT_CEP_TIMEOUT_MS
  const now = options.now ?? Date.now
  const log = options.log ?? (() => {})
  const maxEntries = options.maxEntries ?? MAX_ENTRIES
  const maxInFlight = options.maxInFlight ?? MAX_IN_FLIGHT
  // Insertion order is recency order (a hit is re-inserted), so the first key is the one to drop.
  const cache = new Map<string, { answer: CepAnswer; expiresAt: number }>()
  // Buyers of one building typing the same CEP at once cost one provider call.
  const inFlight = new Map<string, Promise<CepLookupResult>>()

  async function ask(cep: string): Promise<CepLookupResult> {
    for (const provider of providers) {
      try {
        const answer = await askWithin(provider, cep, timeoutMs)
        cache.set(cep, {
          answer,
          expiresAt: now() + (answer.kind === 'found' ? FOUND_TTL_MS : NOT_FOUND_TTL_MS),
        })
        if (cache.size > maxEntries) cache.delete(cache.keys().next().value!)
        return answer
      } catch (error) {
        // The provider and why, never the CEP: with a later order it is personal data.
        const reason = error instanceof CepProviderError ? error.reason : 'error'
        log({ level: 'warn', msg: 'cep provider failed', provider: provider.name, reason })
      }
    }
    // Failures are never cached: the next buyer asks again.
    return { kind: 'unavailable' }
  }

  return {
    async lookup(cep) {
      const cached = cache.get(cep)
      if (cached) {
        cache.delete(cep)
        if (cached.expiresAt > now()) {
          cache.set(cep, cached)
          return cached.answer
        }
      }
      const running = inFlight.get(cep)
      if (running) return running
      if (inFlight.size >= maxInFlight) return { kind: 'unavailable' }
      const asked = ask(cep).finally(() => inFlight.delete(cep))
      inFlight.set(cep, asked)
      return asked
    },
  }
}

/** One provider's answer within the deadline; the request is aborted when it passes. */
async function askWithin(provider: CepProvider, cep: string, ms: number): Promise<CepAnswer> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  // Raced as well as signalled: a provider that ignores its signal still loses at the deadline.
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new CepProviderError('timeout'))
    }, ms)
  })
  try {
    return await Promise.race([provider.lookup(cep, controller.signal), deadline])
  } finally {
    clearTimeout(timer)
  }
}

/** The providers CEP_PROVIDERS names, in its order. */
export function networkCepProviders(
  names: readonly CepProviderName[],
  fetch: Fetcher,
): CepProvider[] {
  const byName: Record<CepProviderName, (fetch: Fetcher) => CepProvider> = {
    brasilapi: brasilApiProvider,
    viacep: viaCepProvider,
  }
  return names.map((name) => byName[name](fetch))
}

/** Text that may be absent, null (BrasilAPI's generic CEPs) or empty: all read as ''. */
const looseText = z.optional(z.nullable(z.string()))

const brasilApiAddress = z.looseObject({
  cep: looseText,
  state: z.string(),
  city: z.string(),
  neighborhood: looseText,
  street: looseText,
})

/** cep-promise's error, which BrasilAPI answers with its 404. */
const brasilApiError = z.looseObject({
  message: z.optional(z.string()),
  errors: z.optional(z.array(z.looseObject({ message: z.optional(z.string()) }))),
})

/**
 * What a service says when it looked and there is no such CEP ("CEP não encontrado na base do
 * ViaCEP.", "CEP NAO ENCONTRADO", "CEP INVÁLIDO" from the Correios), as opposed to "Erro ao se
 * conectar com o serviço…".
 */
const NOT_FOUND_WORDS = /n[ãa]o\s+encontrad|inv[áa]lid/i

/**
 * BrasilAPI v2 (`/api/cep/v2/{cep}`). Its 404 means "every service behind it gave an error",
 * which is also what it says when they are all down; so a 404 is "not found" only when one of
 * those services said so, and otherwise the next provider is asked.
 */
export function brasilApiProvider(fetch: Fetcher): CepProvider {
  return {
    name: 'brasilapi',
    async lookup(cep, signal) {
      const response = await get(fetch, `https://brasilapi.com.br/api/cep/v2/${cep}`, signal)
      if (response.status === 404) {
        const body = z.safeParse(brasilApiError, await readJson(response))
        const said = body.success
          ? [body.data.message, ...(body.data.errors ?? []).map((e) => e.message)]
          : []
        if (said.some((message) => message !== undefined && NOT_FOUND_WORDS.test(message)))
          return { kind: 'not_found' }
        throw new CepProviderError('status 404 without a not-found')
      }
      if (response.status !== 200) throw statusError(response)
      const body = z.safeParse(brasilApiAddress, await readJson(response))
      if (!body.success) throw new CepProviderError('unreadable')
      const { state, city, neighborhood, street } = body.data
      return found(cep, body.data.cep, { state, city, neighborhood, street })
    },
  }
}

const viaCepAnswer = z.looseObject({
  erro: z.optional(z.union([z.boolean(), z.string()])),
  cep: looseText,
  logradouro: looseText,
  bairro: looseText,
  localidade: looseText,
  uf: looseText,
})

/** ViaCEP (`/ws/{cep}/json/`): an unknown CEP is a 200 with `erro: true` (or `"true"`). */
export function viaCepProvider(fetch: Fetcher): CepProvider {
  return {
    name: 'viacep',
    async lookup(cep, signal) {
      const response = await get(fetch, `https://viacep.com.br/ws/${cep}/json/`, signal)
      if (response.status !== 200) throw statusError(response)
      const body = z.safeParse(viaCepAnswer, await readJson(response))
      if (!body.success) throw new CepProviderError('unreadable')
      const { erro, localidade, uf, bairro, logradouro } = body.data
      if (erro === true || erro === 'true') return { kind: 'not_found' }
      return found(cep, body.data.cep, {
        state: uf,
        city: localidade,
        neighborhood: bairro,
        street: logradouro,
      })
    },
  }
}

async function get(fetch: Fetcher, url: string, signal: AbortSignal): Promise<Response> {
  try {
    return await fetch(new Request(url, { headers: { Accept: 'application/json' }, signal }))
  } catch {
    throw new CepProviderError(signal.aborted ? 'timeout' : 'network')
  }
}

function statusError(response: Response): CepProviderError {
  response.body?.cancel().catch(() => {})
  return new CepProviderError(`status ${response.status}`)
}

/** The body as JSON, read with a byte cap; anything else is a provider failure. */
async function readJson(response: Response): Promise<unknown> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (declared > MAX_ANSWER_BYTES || !response.body) {
    response.body?.cancel().catch(() => {})
    throw new CepProviderError('unreadable')
  }
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let total = 0
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      total += next.value.byteLength
      if (total > MAX_ANSWER_BYTES) {
        reader.cancel().catch(() => {})
        throw new CepProviderError('too large')
      }
      text += decoder.decode(next.value, { stream: true })
    }
    return JSON.parse(text + decoder.decode())
  } catch (error) {
    throw error instanceof CepProviderError ? error : new CepProviderError('unreadable')
  }
}

/**
 * A provider's fields as the store's address: trimmed, state upper-cased, absent text as ''.
 * An answer for another CEP, a state that is no UF or a missing city is unreadable.
 */
function found(
  cep: string,
  answeredCep: string | null | undefined,
  fields: Record<'state' | 'city' | 'neighborhood' | 'street', string | null | undefined>,
): CepAnswer {
  if (answeredCep && answeredCep.replace(/\D/g, '') !== cep) {
    throw new CepProviderError('answer for another CEP')
  }
  const text = (value: string | null | undefined) => (value ?? '').trim()
  const parsed = z.safeParse(cepAddressSchema, {
    cep,
    state: text(fields.state).toUpperCase(),
    city: text(fields.city),
    neighborhood: text(fields.neighborhood),
    street: text(fields.street),
  })
  if (!parsed.success) throw new CepProviderError('unreadable')
  return { kind: 'found', address: parsed.data }
}
