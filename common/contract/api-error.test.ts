import { describe, expect, it } from 'vitest'
import { ApiError, statusTitle } from './api-error'
import { toApiError } from '../../src/api/error-body'

const PROBLEM_TYPE = 'http://www.w3.org/Protocols/rfc2616/rfc2616-sec10.html'

const serverError = {
  type: PROBLEM_TYPE,
  title: 'Internal Server Error',
  status: 500,
  detail: 'Call to a member function getEmail() on null',
  trace: [
    {
      file: '/var/www/app/module/User/src/Service/ForgotPasswordService.php',
      line: 87,
      function: 'sendRecoveryMail',
      class: 'User\\Service\\ForgotPasswordService',
      type: '->',
      args: ['52998224725'],
    },
    { file: '/var/www/app/index.php', line: 12, function: 'run' },
  ],
}

describe('toApiError with an envelope', () => {
  it('carries status, title and detail', () => {
    const error = toApiError(404, {
      type: PROBLEM_TYPE,
      title: 'Not Found',
      status: 404,
      detail: 'Pedido não encontrado.',
    })
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({
      status: 404,
      title: 'Not Found',
      detail: 'Pedido não encontrado.',
    })
    expect(error.message).toBe('404 Not Found: Pedido não encontrado.')
    expect(error.name).toBe('ApiError')
    expect(error.trace).toBeUndefined()
  })

  it("keeps the relay's code, so a screen can act on the meaning rather than the words", () => {
    const body = {
      type: PROBLEM_TYPE,
      title: 'Not Found',
      status: 404,
      detail: 'Link de unidade ou indicador não encontrado.',
    }
    expect(toApiError(404, { ...body, code: 'link_rejected' }).code).toBe('link_rejected')
    expect(toApiError(404, body).code).toBeUndefined()
    expect(toApiError(404, { ...body, code: 7 }).code).toBeUndefined()
  })

  it('keeps the spec titles of the login errors', () => {
    const error = toApiError(401, {
      type: PROBLEM_TYPE,
      title: 'invalid_grant',
      status: 401,
      detail: 'Invalid username and password combination',
    })
    expect(error.status).toBe(401)
    expect(error.title).toBe('invalid_grant')
  })

  it('prefers the HTTP status and falls back to the body status when there is none', () => {
    const body = { type: PROBLEM_TYPE, title: 'Forbidden', status: 403, detail: 'x' }
    expect(toApiError(401, body).status).toBe(401)
    expect(toApiError(0, body).status).toBe(403)
  })

  it('toEnvelope gives the spec envelope back', () => {
    expect(toApiError(500, serverError).toEnvelope()).toEqual({
      type: PROBLEM_TYPE,
      title: 'Internal Server Error',
      status: 500,
      detail: 'Call to a member function getEmail() on null',
    })
  })
})

describe('toApiError with a 500 body carrying a trace', () => {
  const error = toApiError(500, serverError)
  const traceFile = 'ForgotPasswordService.php'

  it('keeps the trace for logs on .trace', () => {
    expect(error.status).toBe(500)
    expect(error.title).toBe('Internal Server Error')
    expect(error.trace).toHaveLength(2)
    expect(error.trace?.[0]).toMatchObject({ line: 87, function: 'sendRecoveryMail' })
  })

  it('never puts the trace in message or String(error)', () => {
    expect(error.message).not.toContain(traceFile)
    expect(error.message).not.toContain('sendRecoveryMail')
    expect(String(error)).not.toContain(traceFile)
  })

  it('never serialises the trace', () => {
    const json = JSON.stringify(error)
    expect(json).not.toContain(traceFile)
    expect(json).not.toContain('trace')
    expect(JSON.parse(json)).toMatchObject({ status: 500, title: 'Internal Server Error' })
  })

  it('never spreads the trace', () => {
    const spread: Record<string, unknown> = { ...error }
    expect(spread).not.toHaveProperty('trace')
    expect(JSON.stringify(Object.values(spread))).not.toContain(traceFile)
    expect(Object.keys(error)).not.toContain('trace')
  })

  it('toEnvelope leaves the trace out', () => {
    expect(JSON.stringify(error.toEnvelope())).not.toContain(traceFile)
  })
})

describe('toApiError with something that is not an envelope', () => {
  it.each([
    [502, '<html>Bad gateway</html>', 'Bad Gateway'],
    [500, null, 'Internal Server Error'],
    [404, { message: 'nope' }, 'Not Found'],
    [503, { type: PROBLEM_TYPE, title: 'x', status: '503', detail: 'y' }, 'Service Unavailable'],
    [418, undefined, 'Unknown'],
  ])('HTTP %i with %j → generic ApiError titled %j', (status, body, title) => {
    const error = toApiError(status, body)
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(status)
    expect(error.title).toBe(title)
    expect(error.detail).toBe('Resposta inesperada do serviço.')
    expect(error.trace).toBeUndefined()
  })

  it('statusTitle names unknown statuses "Unknown"', () => {
    expect(statusTitle(422)).toBe('Unprocessable Entity')
    expect(statusTitle(299)).toBe('Unknown')
  })
})
