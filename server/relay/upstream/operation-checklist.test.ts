import type { HttpHandler } from 'msw'
import { describe, expect, it } from 'vitest'
import { operations } from '../../../common/contract/upstream/operations'
import type { Operation } from '../../../common/contract/upstream/operation-kit'
import { createOfflineService, OFFLINE_BASE_URL } from '../../../offline/offline-service'
import { MEANINGS } from './error-meanings'

/**
 * The checklist for a new upstream operation, as a test. An operation is declared once, in
 * common/contract/upstream/operations.ts (or docs-operations.ts, which joins it): method, route,
 * dialects, request, the answers that mean success (its schema) and what each documented error
 * means. What must exist besides, and what this test fails without:
 *
 * 1. a schema for its success (`success`), so the relay reads the answer it relies on;
 * 2. words for every meaning it declares, in common/words/pt-br-service-errors.ts (pt-BR), and
 *    the status the browser gets in server/relay/upstream/error-meanings.ts, so the service's
 *    English never reaches a person;
 * 3. an offline handler at its method and route in each dialect it is spoken in
 *    (offline/handlers/), so every journey runs offline and in the tests.
 *
 * Then: the relay route that calls it (server/relay/routes/) and a row in README's journey
 * table, whose own test (scripts/readme-map.test.ts) checks the operation's name there.
 */
const declared = Object.entries(operations) as [string, Operation<never>][]

const handled = (dialect: 'spec' | 'docs') =>
  (createOfflineService({ dialect }).handlers as HttpHandler[]).map(
    (h) => `${String(h.info.method).toUpperCase()} ${String(h.info.path)}`,
  )

describe('every upstream operation has its parts', () => {
  const offline = { spec: handled('spec'), docs: handled('docs') }

  it.each(declared)('%s: a success schema and pt-BR words for each of its errors', (_, op) => {
    expect(op.success).toBeDefined()
    for (const error of op.errors) {
      // A rule that reads its meaning from the answer (`read`) can only name a Meaning, which
      // error-meanings.ts's Records must word and give a status: the compiler checks those.
      if (!('meaning' in error)) continue
      const words = MEANINGS[error.meaning]
      expect(words, error.meaning).toBeDefined()
      expect(words.detail.length, error.meaning).toBeGreaterThan(10)
    }
  })

  it.each(declared)('%s: an offline handler in each dialect that speaks it', (_, op) => {
    for (const dialect of op.dialects) {
      expect(offline[dialect], dialect).toContain(`${op.method} ${OFFLINE_BASE_URL}${op.route}`)
    }
  })
})
