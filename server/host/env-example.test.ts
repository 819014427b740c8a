import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ENV_NAMES, parseEnv } from './config'

/** `.env.example`: a newcomer's start, parsed by the relay's own schema. */
const text = readFileSync('.env.example', 'utf8')
const lines = text.split('\n').map((line) => line.trim())
/** `NAME=value` lines, set (`active`) or shown commented out (`# NAME=…`). */
const assignments = lines.flatMap((line) => {
  const m = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line)
  return m ? [{ name: m[2]!, value: m[3]!.replace(/\s+#.*$/, '').trim(), active: !m[1] }] : []
})

describe('.env.example', () => {
  it('as it is, is a configuration the relay starts with', () => {
    const env = Object.fromEntries(
      assignments.filter((a) => a.active).map((a) => [a.name, a.value]),
    )
    expect(() => parseEnv(env)).not.toThrow()
    expect(parseEnv(env).OFFLINE_DEMO).toBe(true)
  })

  it('names every setting the relay reads, and none it does not', () => {
    const named = new Set(assignments.map((a) => a.name))
    expect(ENV_NAMES.filter((name) => !named.has(name))).toEqual([])
    expect([...named].filter((name) => !ENV_NAMES.includes(name))).toEqual([])
  })
})
