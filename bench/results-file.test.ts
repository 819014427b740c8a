import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordPrinted, renderResults } from './results-file'

describe('bench/RESULTS.md', () => {
  afterEach(() => vi.restoreAllMocks())

  it('holds what the run printed, under its day and machine', () => {
    const md = renderResults({
      at: new Date('2026-11-25T21:40:00Z'),
      machine: '2 cores (Test CPU), 8 GB',
      printed:
        '\u001b[32mcatalog ratio 1.90×\u001b[39m (budget ≤ 1.91×)\n\nrelay peak RSS: 142.0 MB\n\n',
    })
    expect(md).toMatch(/^# Bench results\n/)
    expect(md).toContain('Last run: 2026-11-25, on 2 cores (Test CPU), 8 GB')
    expect(md).toContain(
      '```text\ncatalog ratio 1.90× (budget ≤ 1.91×)\n\nrelay peak RSS: 142.0 MB\n```\n',
    )
  })

  it('keeps a printed fence from closing the block early', () => {
    const md = renderResults({ at: new Date(0), machine: 'm', printed: '```\nx' })
    expect(md.match(/^```/gm)).toHaveLength(2)
  })

  it('records what console.log prints until stopped, and still prints it', () => {
    const shown = vi.spyOn(console, 'log').mockImplementation(() => {})
    const recording = recordPrinted()
    console.log('First view: this run against the targets')
    console.log('catalog LCP', 930, 'ms')
    const printed = recording.stop()
    console.log('after the run')
    expect(printed).toBe('First view: this run against the targets\ncatalog LCP 930 ms')
    expect(shown).toHaveBeenCalledTimes(3)
  })
})
