/**
 * bench/RESULTS.md: the figures `npm run bench` printed, with the day and the machine they were
 * measured on. Timings belong to a run, not to the README: the README says what each budget is
 * and why, this file what the last run measured, and the next run rewrites it.
 */
import { cpus, totalmem } from 'node:os'

export const RESULTS_FILE = 'bench/RESULTS.md'

export interface BenchRun {
  /** When the run ended. */
  at: Date
  /** The machine, in words: "2 cores (…), 8 GB". */
  machine: string
  /** What the run printed, in order. */
  printed: string
}

/** Colour codes a terminal would show and a file must not keep. */
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')

/** This machine, as RESULTS.md names it. */
export function describeMachine(): string {
  const cores = cpus()
  return `${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(totalmem() / 2 ** 30)} GB`
}

/** The whole of RESULTS.md for one run. */
export function renderResults(run: BenchRun): string {
  const day = run.at.toISOString().slice(0, 10)
  const printed = run.printed.replace(ANSI, '').replace(/\s+$/, '')
  return [
    '# Bench results',
    '',
    `Last run: ${day}, on ${run.machine}, written by \`npm run bench\` (\`bench/run.ts\`).`,
    'What each figure protects and its budget: docs/budgets.md. Only the byte budget is',
    'checked in CI (`npm run check:budget`); timings on a shared machine are kept, not gated.',
    'The full reports of the run are in `bench/results/` (not committed).',
    '',
    '```text',
    // A fence inside the printout would end the block early.
    printed.replace(/^```/gm, '` ``'),
    '```',
    '',
  ].join('\n')
}

/**
 * Keeps a copy of everything `console.log` prints from now on (the benches print their tables
 * as they go), until `stop()` gives it back and restores `console.log`.
 */
export function recordPrinted(): { stop: () => string } {
  const original = console.log
  const lines: string[] = []
  console.log = (...args: unknown[]) => {
    lines.push(args.map((a) => (typeof a === 'string' ? a : String(a))).join(' '))
    original(...args)
  }
  return {
    stop: () => {
      console.log = original
      return lines.join('\n')
    },
  }
}
