/**
 * The offline service's product and help pictures as WebP, drawn from their SVG sources beside
 * them (`npx tsx scripts/render-pictures.ts`; the outputs are committed).
 *
 * Why not serve the SVGs: Chrome renders every SVG `<img>` as a document of its own on the main
 * thread (parse, style, layout, paint), 10–50 ms each on a phone at 4× CPU. Measured on the
 * catalog's first screen, those drawings were most of the main thread's work after the first
 * paint, a cost no real catalog has: the service's product pictures are photos, which the
 * browser decodes off the main thread. The fixtures now point at raster pictures like a real
 * store's; the SVGs stay as their editable sources.
 */
import { chromium } from '@playwright/test'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const FOLDERS = ['public/produtos', 'public/ajuda']
/**
 * Pixels per unit of the drawing's viewBox (400×300 for products, 600×300 for help pictures):
 * 0.75, so 300×225 products, 2–3 KB each. Small on purpose: the catalog's first screen asks for
 * up to 7 of them before its largest paint, and on a slow link each byte delays it (measured:
 * 600×450 pictures moved the catalog's LCP from ~930 to ~1,110 ms). The price is a soft picture
 * on a product page seen on a 2× phone screen (Lighthouse's "appropriate resolution" audit flags
 * it there). The service's own photos bring their own sizes; the store cannot pick them.
 */
const DENSITY = 0.75
const QUALITY = 0.75

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--disable-dev-shm-usage'],
})
try {
  const page = await browser.newPage()
  await page.setContent('<canvas></canvas>')
  for (const folder of FOLDERS) {
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.svg'))) {
      const svg = readFileSync(join(folder, file), 'utf8')
      const base64 = await page.evaluate(
        async ({ svg, density, quality }) => {
          const img = new Image()
          img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
          await img.decode()
          // The viewBox, not the natural size: an SVG with no width/height is 300 px wide in <img>.
          const [, , width, height] = (
            new DOMParser()
              .parseFromString(svg, 'image/svg+xml')
              .documentElement.getAttribute('viewBox') ?? ''
          )
            .split(/[\s,]+/)
            .map(Number)
          if (!width || !height) throw new Error('an SVG source without a viewBox')
          const canvas = document.querySelector('canvas')!
          canvas.width = width * density
          canvas.height = height * density
          canvas.getContext('2d')!.drawImage(img, 0, 0, canvas.width, canvas.height)
          return canvas.toDataURL('image/webp', quality).split(',')[1]!
        },
        { svg, density: DENSITY, quality: QUALITY },
      )
      const out = join(folder, file.replace(/\.svg$/, '.webp'))
      writeFileSync(out, Buffer.from(base64, 'base64'))
      console.log(`${out} ${Buffer.from(base64, 'base64').length} B`)
    }
  }
} finally {
  await browser.close()
}
