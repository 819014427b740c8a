/**
 * Interaction at scale, with 4× CPU throttling (CDP) in Debian's Chromium, against the relay
 * over the offline service's bench tenant (1,000 products; a user with 1,000 orders):
 * - catalog search: for 20 keystrokes, the time from the keystroke to the next paint (the
 *   typed letter shows), and to the paint where the result count reflects it;
 * - order history: the time from a page-change click to the next paint and to the new list.
 */
import { chromium, type Page } from '@playwright/test'
import { BENCH_ORIGIN, BENCH_USER } from '../offline/data/tenant-bench'
import { startOfflineRelay, table, waitFor } from './lib'

const PORT = 8791
export const INTERACTION_BUDGET = { keystrokeMs: 50, pageChangeMs: 100 }

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!

/**
 * In the page: after each event of `type` on `target`, record when the next frame was painted
 * (a message posted from requestAnimationFrame runs right after that paint) and when `watched`
 * next changed and was painted.
 */
async function instrument(
  page: Page,
  type: 'keydown' | 'click',
  targetSelector: string,
  watchedSelector: string,
) {
  // A string, not a function: tsx's name helpers (`__name`) do not exist in the page.
  await page.evaluate(`(() => {
    const type = ${JSON.stringify(type)}, targetSelector = ${JSON.stringify(targetSelector)}, watchedSelector = ${JSON.stringify(watchedSelector)}
    window.__paint = []
    window.__update = []
    function afterPaint(t0, into) {
      requestAnimationFrame(function () {
        const channel = new MessageChannel()
        channel.port1.onmessage = function () { into.push(performance.now() - t0) }
        channel.port2.postMessage(0)
      })
    }
    document.addEventListener(type, function (event) {
      if (!event.target.closest(targetSelector)) return
      const t0 = event.timeStamp
      afterPaint(t0, window.__paint)
      const before = document.querySelector(watchedSelector)
      const beforeState = before && (before.getAttribute('data-query') ?? before.textContent)
      const started = performance.now()
      // Each frame, until the watched element shows this interaction's result.
      function check() {
        const el = document.querySelector(watchedSelector)
        const input = event.target.closest('input')
        const done = el && (input ? el.getAttribute('data-query') === input.value : el.textContent !== beforeState)
        if (done) afterPaint(t0, window.__update)
        else if (performance.now() - started < 3000) requestAnimationFrame(check)
      }
      requestAnimationFrame(check)
    }, true)
  })()`)
}

async function readings(page: Page) {
  return page.evaluate('({ paint: window.__paint, update: window.__update })') as Promise<{
    paint: number[]
    update: number[]
  }>
}

export async function benchInteraction() {
  const relay = startOfflineRelay(PORT, { OFFLINE_BENCH: '1', TENANT_ORIGIN: BENCH_ORIGIN })
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--disable-dev-shm-usage', '--disable-background-networking', '--no-first-run'],
  })
  try {
    await waitFor(`http://127.0.0.1:${PORT}/healthz`)
    const page = await browser.newPage({ viewport: { width: 412, height: 915 } })
    const cdp = await page.context().newCDPSession(page)
    const base = `http://localhost:${PORT}`

    // Catalog: 1,000 products, 20 keystrokes.
    await page.goto(base)
    await page.getByText(/1000 produtos encontrados/).waitFor()
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await instrument(page, 'keydown', 'input[type="search"]', '.product-grid[data-query]')
    const search = page.getByLabel('Buscar produtos')
    await search.focus()
    for (const ch of 'certificado premium ') {
      await page.keyboard.type(ch)
      await page.waitForTimeout(250)
    }
    const typing = await readings(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })

    // History: a user with 1,000 orders, pages of 20.
    const login = await page.request.post(`${base}/api/session`, {
      data: { document: BENCH_USER.document, password: BENCH_USER.password },
      headers: { Origin: base },
    })
    if (!login.ok()) throw new Error(`login ${login.status()}`)
    await page.goto(`${base}/minha-conta/pedidos`)
    const next = page.getByRole('button', { name: 'Próxima página' })
    await next.waitFor()
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await instrument(page, 'click', '.pagination button', '.order-cards')
    for (let i = 0; i < 10; i++) {
      await next.click()
      await page.waitForTimeout(300)
    }
    const paging = await readings(page)

    const b = INTERACTION_BUDGET
    const f = (n: number) => n.toFixed(1)
    console.log('\nInteraction at scale (4× CPU throttling)\n')
    console.log(
      table([
        ['interaction', 'n', 'median ms', 'p95 ms', 'budget (median)'],
        [
          'keystroke → next paint (1,000 products)',
          typing.paint.length,
          f(median(typing.paint)),
          f(p95(typing.paint)),
          `≤ ${b.keystrokeMs}`,
        ],
        [
          'keystroke → results updated',
          typing.update.length,
          f(median(typing.update)),
          f(p95(typing.update)),
          '(figure)',
        ],
        [
          'history page change → next paint',
          paging.paint.length,
          f(median(paging.paint)),
          f(p95(paging.paint)),
          `≤ ${b.pageChangeMs}`,
        ],
        [
          'history page change → new list painted',
          paging.update.length,
          f(median(paging.update)),
          f(p95(paging.update)),
          `≤ ${b.pageChangeMs}`,
        ],
      ]),
    )
    return {
      keystrokeMedian: median(typing.paint),
      keystrokeUpdateMedian: median(typing.update),
      pageChangeMedian: median(paging.paint),
      pageChangeUpdateMedian: median(paging.update),
    }
  } finally {
    await browser.close()
    relay.kill()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchInteraction()
}
