import { describe, expect, it } from 'vitest'
import { loggablePath } from './url-paths'

describe('loggablePath, CEP lookups', () => {
  // Eight digits pass the document (11+) and token (16+) rules, so the route itself is reduced:
  // a CEP beside a later order in the same log says where a buyer lives.
  it.each([
    ['/api/cep/01310100', '/api/cep/:cep'],
    ['/api/cep/01310-100', '/api/cep/:cep'],
    ['/api/CEP/01310100', '/api/cep/:cep'],
    ['//api//cep//01310100', '/api/cep/:cep'],
    ['/api/cep%2F01310100', '/api/cep/:cep'],
    ['/api/%63ep/01310-100', '/api/cep/:cep'],
    ['/api/cep/01310%2D100', '/api/cep/:cep'],
    ['/api/cep/x/01310100', '/api/cep/:cep'],
    ['/api/cep/01310100?t=1', '/api/cep/:cep'],
  ])('%s → %s', (path, expected) => {
    expect(loggablePath(path)).toBe(expected)
  })

  it('leaves other routes that start alike alone', () => {
    expect(loggablePath('/api/cep')).toBe('/api/cep')
    expect(loggablePath('/api/company')).toBe('/api/company')
  })
})
