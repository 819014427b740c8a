import { expect, test, type Locator, type Page } from '@playwright/test'
import { PICTURE_WIDTHS } from '../common/rules/picture-widths'
import { expectNoA11yViolations } from './fixtures/a11y'
import { appAnswers, HYDRATION_ERROR } from './fixtures/app-ready'
import { recordCspViolations } from './fixtures/csp-violations'
import { test as withRelay } from './fixtures/relay-test'
import { watchLayoutShifts } from './fixtures/layout-shift'
import { pageProblems } from './fixtures/page-problems'

/**
 * Product pictures through the relay's resizer (`/img/…?w=`), as a phone and a desktop see them:
 * each picture on the first screen arrives, in a width that suits its box on this screen at this
 * density (sharp, never the largest for nothing), fetched once (the server's preload and the
 * `<img>` pick the same file), and nothing moves when it does, whatever the picture's shape.
 */

const ECPF = 'Certificado Digital e-CPF A1 – 12 meses'
const ECPF_PICTURE = 'Cartão ilustrado do e-CPF A1, arquivo instalado no computador'
const RESIZED = /\/img\/([^/?]+)\?w=(\d+)$/

const productList = (page: Page) => page.getByRole('list', { name: 'Produtos' })

interface Shown {
  alt: string
  complete: boolean
  naturalWidth: number
  naturalHeight: number
  currentSrc: string
  /** The frame's width and height in CSS pixels (no border). */
  width: number
  height: number
  dpr: number
  onScreen: boolean
}

/** What the browser made of each picture. */
const shown = (pictures: Locator) =>
  pictures.evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => {
      const box = img.getBoundingClientRect()
      return {
        alt: img.alt,
        complete: img.complete,
        naturalWidth: img.naturalWidth,
        naturalHeight: img.naturalHeight,
        currentSrc: img.currentSrc,
        width: img.clientWidth,
        height: img.clientHeight,
        dpr: devicePixelRatio,
        onScreen: box.bottom > 0 && box.top < innerHeight,
      }
    }),
  )

/** Waits for the pictures on screen to have arrived, and returns them. */
async function loadedOnScreen(pictures: Locator): Promise<Shown[]> {
  await expect
    .poll(async () => {
      const onScreen = (await shown(pictures)).filter((p) => p.onScreen)
      return onScreen.length > 0 && onScreen.every((p) => p.complete && p.naturalWidth > 0)
    })
    .toBe(true)
  return (await shown(pictures)).filter((p) => p.onScreen)
}

/**
 * The width asked for suits the box: at least 0.8 of its device pixels (Chrome takes the step
 * below when the screen's density is nearer it: steps are at most 1.5× apart, so never softer
 * than √(1/1.5) ≈ 0.82), and no larger than the first step that covers them.
 */
function expectSized(picture: Shown) {
  const url = new URL(picture.currentSrc)
  const match = RESIZED.exec(url.pathname + url.search)
  expect(match, `${picture.alt}: ${picture.currentSrc}`).not.toBeNull()
  const asked = Number(match![2])
  const needed = picture.width * picture.dpr
  const covering = PICTURE_WIDTHS.find((w) => w >= needed) ?? PICTURE_WIDTHS.at(-1)!
  expect(asked, `${picture.alt}: ${asked}w for ${needed} device px`).toBeGreaterThanOrEqual(
    Math.min(needed * 0.8, covering),
  )
  expect(asked, `${picture.alt}: ${asked}w for ${needed} device px`).toBeLessThanOrEqual(covering)
}

/** Console errors and warnings, and every resized picture the page fetched. */
function watch(page: Page) {
  const seen = {
    problems: pageProblems(page, { warnings: true }),
    widths: new Map<string, Set<number>>(),
  }
  page.on('request', (r) => {
    const url = new URL(r.url())
    const match = RESIZED.exec(url.pathname + url.search)
    if (!match) return
    const widths = seen.widths.get(match[1]!) ?? new Set()
    seen.widths.set(match[1]!, widths.add(Number(match[2])))
  })
  return seen
}

/** The server's preload of the first picture is for the very set the `<img>` picks from. */
async function expectPreloadMatches(page: Page, first: Locator) {
  const preload = page.locator('link[rel="preload"][as="image"]').first()
  await expect(preload).toHaveAttribute('imagesrcset', (await first.getAttribute('srcset'))!)
  await expect(preload).toHaveAttribute('imagesizes', (await first.getAttribute('sizes'))!)
}

for (const [device, viewport, deviceScaleFactor] of [
  ['phone', { width: 360, height: 740 }, 3],
  ['desktop', { width: 1280, height: 800 }, 1],
] as const) {
  test.describe(`${device} (${viewport.width} px, ${deviceScaleFactor}×)`, () => {
    test.use({ viewport, deviceScaleFactor })

    test('the catalog’s first screen shows its pictures sharp, sized for it, and nothing moves', async ({
      page,
    }) => {
      const seen = watch(page)
      const shifts = await watchLayoutShifts(page)
      await page.goto('/')
      const pictures = productList(page).getByRole('img')
      const first = await loadedOnScreen(pictures)
      for (const picture of first) expectSized(picture)
      await expectPreloadMatches(page, pictures.first())
      await appAnswers(page)
      const { cls, shifts: moved } = await shifts.read()
      expect(cls, JSON.stringify(moved)).toBeLessThanOrEqual(0.01)
      expect(seen.problems.filter((p) => HYDRATION_ERROR.test(p))).toEqual([])
      await expectNoA11yViolations(page)

      // A later picture arrives when it is scrolled to, sized the same way.
      await pictures.last().scrollIntoViewIfNeeded()
      const last = (await loadedOnScreen(pictures)).at(-1)!
      expect(last.alt).toBe(await pictures.last().getAttribute('alt'))
      expectSized(last)
      // Each picture fetched in one width: the preload asked for the file the page used.
      for (const [token, widths] of seen.widths) expect([...widths], token).toHaveLength(1)
    })

    test('the product page shows its picture sharp, sized for it, and nothing moves', async ({
      page,
    }) => {
      const seen = watch(page)
      const shifts = await watchLayoutShifts(page)
      await page.goto('/produto/ECPF-A1-12')
      await expect(page.getByRole('heading', { level: 1, name: ECPF })).toBeVisible()
      const picture = page.getByRole('main').getByRole('img', { name: ECPF_PICTURE })
      const [shownPicture] = await loadedOnScreen(picture)
      expectSized(shownPicture!)
      await expectPreloadMatches(page, picture)
      await appAnswers(page)
      expect([...seen.widths.values()].map((w) => w.size)).toEqual([1])
      const { cls, shifts: moved } = await shifts.read()
      expect(cls, JSON.stringify(moved)).toBeLessThanOrEqual(0.01)
      expect(seen.problems.filter((p) => HYDRATION_ERROR.test(p))).toEqual([])
      await expectNoA11yViolations(page)
    })

    test('a picture of any shape, arriving late, keeps its 4:3 frame and moves nothing', async ({
      page,
    }) => {
      // The service's uploads are any size: a wide banner-like one here, after the first paint.
      await page.route(RESIZED, async (route) => {
        await new Promise((done) => setTimeout(done, 400))
        await route.fulfill({
          contentType: 'image/svg+xml',
          body: '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="200"><rect width="900" height="200" fill="#0b5cad"/></svg>',
        })
      })
      const shifts = await watchLayoutShifts(page)
      await page.goto('/')
      const pictures = productList(page).getByRole('img')
      for (const picture of await loadedOnScreen(pictures)) {
        // The wide picture itself (its natural size is per the density it was picked for)…
        expect(picture.naturalHeight / picture.naturalWidth).toBeCloseTo(2 / 9, 2)
        // …shown whole inside the frame the page laid out before it came.
        expect(picture.height / picture.width, picture.alt).toBeCloseTo(3 / 4, 2)
      }
      const { cls, shifts: moved } = await shifts.read()
      expect(cls, JSON.stringify(moved)).toBeLessThanOrEqual(0.01)
    })
  })
}

withRelay.describe('a picture named in a parameter (the paid order’s help), written http:', () => {
  withRelay.use({ relayPictures: true })

  withRelay(
    'comes through the relay’s /img/ route: shown, and nothing blocked by the policy',
    async ({ page, offlineRelay: relay }) => {
      // The offline service's own file host, written http: as a service's file links can be.
      relay.offline.model.allTenants[0]!.seed.parameters['public.parameters.ajudaAgendamento'] =
        'http://servico.offline/ajuda/agendamento-certifica.webp'
      const violations = await recordCspViolations(page)
      // Certifica Brasil's order V2026-001004, paid: the scheduling and its help picture show.
      await page.goto(`${relay.baseURL}/pedido/7c3e9b1a5d2f4c8e0a6b4d2f8e1c3a56`)
      const help = page.getByRole('img', {
        name: 'Ajuda: como escolher entre a validação presencial e a por videoconferência',
      })
      await help.scrollIntoViewIfNeeded()
      await expect
        .poll(() => help.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0)
      expect(await help.getAttribute('src')).toMatch(/^\/img\/[\w-]+\.[\w-]{22}$/)
      expect(await violations()).toEqual([])
    },
  )
})
