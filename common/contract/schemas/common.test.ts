import { describe, expect, it } from 'vitest'
import {
  envelopeSchema,
  imageSchema,
  linksSchema,
  serverErrorSchema,
  serviceDateSchema,
} from './common'

const PROBLEM_TYPE = 'http://www.w3.org/Protocols/rfc2616/rfc2616-sec10.html'

describe('envelopeSchema', () => {
  const envelope = {
    type: PROBLEM_TYPE,
    title: 'Forbidden',
    status: 403,
    detail: 'Chave inválida.',
  }

  it('parses the spec envelope', () => {
    expect(envelopeSchema.parse(envelope)).toEqual(envelope)
  })

  it('keeps unknown extra members such as validation_messages', () => {
    const parsed = envelopeSchema.parse({
      ...envelope,
      validation_messages: { 'user.document': { custom: 'CPF inválido.' } },
    })
    expect(parsed).toHaveProperty('validation_messages.user\\.document')
    expect(parsed.validation_messages).toEqual({ 'user.document': { custom: 'CPF inválido.' } })
  })

  it.each([
    ['status as text', { ...envelope, status: '403' }],
    ['status not an integer', { ...envelope, status: 403.5 }],
    ['missing detail', { type: PROBLEM_TYPE, title: 'Forbidden', status: 403 }],
    ['missing title', { type: PROBLEM_TYPE, status: 403, detail: 'x' }],
  ])('rejects %s', (_label, body) => {
    expect(envelopeSchema.safeParse(body).success).toBe(false)
  })
})

describe('serverErrorSchema (the 500 body)', () => {
  it('parses the envelope with a trace of partial stack entries', () => {
    const parsed = serverErrorSchema.parse({
      type: PROBLEM_TYPE,
      title: 'Internal Server Error',
      status: 500,
      detail: 'boom',
      trace: [
        { file: '/a.php', line: 1, function: 'f', class: 'C', type: '->', args: [1, 'x'] },
        { function: 'g' },
      ],
    })
    expect(parsed.trace).toHaveLength(2)
    expect(parsed.trace[0]?.args).toEqual([1, 'x'])
  })

  it('requires the trace array', () => {
    expect(
      serverErrorSchema.safeParse({ type: PROBLEM_TYPE, title: 't', status: 500, detail: 'd' })
        .success,
    ).toBe(false)
  })
})

describe('serviceDateSchema (Date object)', () => {
  it('turns the spec Date object into the exact Date', () => {
    const parsed = serviceDateSchema.parse({
      date: '2026-11-21 14:30:00.000000',
      timezone_type: 3,
      timezone: 'UTC',
    })
    expect(parsed).toBeInstanceOf(Date)
    expect(parsed.toISOString()).toBe('2026-11-21T14:30:00.000Z')
  })

  it('honours a non-UTC zone', () => {
    const parsed = serviceDateSchema.parse({
      date: '2026-11-21 14:30:00.000000',
      timezone_type: 3,
      timezone: 'America/Sao_Paulo',
    })
    expect(parsed.toISOString()).toBe('2026-11-21T17:30:00.000Z')
  })

  it.each([
    ['a malformed date', { date: '21/11/2026', timezone_type: 3, timezone: 'UTC' }],
    [
      'an unknown zone',
      { date: '2026-11-21 14:30:00', timezone_type: 3, timezone: 'Mars/Olympus' },
    ],
    ['a missing timezone', { date: '2026-11-21 14:30:00', timezone_type: 3 }],
    ['an ISO string instead of the object', '2026-11-21T14:30:00Z'],
  ])('rejects %s', (_label, value) => {
    expect(serviceDateSchema.safeParse(value).success).toBe(false)
  })

  it('names the bad date in the issue message', () => {
    const result = serviceDateSchema.safeParse({ date: 'ontem', timezone_type: 3, timezone: 'UTC' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toContain('ontem')
  })
})

describe('linksSchema', () => {
  it('keeps HAL links as they come, paging links included', () => {
    const parsed = linksSchema.parse({
      self: { href: 'http://servico/order' },
      next: { href: 'http://servico/order?page=2' },
    })
    expect(parsed).toHaveProperty('self.href', 'http://servico/order')
    expect(parsed).toHaveProperty('next.href', 'http://servico/order?page=2')
  })

  it('may be absent: the relay drops the service’s internal links on the way to the browser', () => {
    expect(linksSchema.safeParse(undefined).success).toBe(true)
  })
})

describe('imageSchema', () => {
  it('accepts a null description', () => {
    expect(imageSchema.parse({ name: 'a.svg', description: null, href: '/a.svg' })).toEqual({
      name: 'a.svg',
      description: null,
      href: '/a.svg',
    })
  })

  it('rejects a missing description and a missing href', () => {
    expect(imageSchema.safeParse({ name: 'a.svg', href: '/a.svg' }).success).toBe(false)
    expect(imageSchema.safeParse({ name: 'a.svg', description: 'x' }).success).toBe(false)
  })
})
