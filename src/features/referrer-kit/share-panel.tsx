import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useId } from 'react'
import { catalogQueries } from '../../api/queries/tenant-queries'
import { CopyLinkButton } from '../../components/copy-link-button'
import { ShareButtons } from '../../components/share-buttons'
import { tKit } from '../../../common/words/pt-br-referrer-kit'
import type { LinkTarget } from './link-builder'

// The QR code's encoder comes with the panel that draws it, after the rest of the page.
const QrPanel = lazy(() => import('./qr-panel'))

/**
 * Copy, WhatsApp (`wa.me`, a plain link that works everywhere), the system's share sheet where
 * the browser has one, and the QR code. The message is fixed words and the link: nothing
 * personal goes in (common/rules/share-links.ts).
 */
export function SharePanel({
  url,
  target,
  fileName,
}: {
  url: string
  target: LinkTarget
  fileName: string
}) {
  const titleId = useId()
  // The store's name under the printed code: the default listing's, as the header names it.
  const store = useQuery(catalogQueries.products('')).data?.description ?? ''
  const w = tKit.share
  return (
    <section className="kit-share" aria-labelledby={titleId}>
      <h2 id={titleId}>{w.title}</h2>
      <div className="kit-share__actions">
        <CopyLinkButton url={url} labels={w} />
        <ShareButtons url={url} text={w.text[target.kind]} title={store} labels={w} />
      </div>
      <Suspense fallback={<QrPlaceholder />}>
        <QrPanel url={url} caption={store} fileName={fileName} />
      </Suspense>
    </section>
  )
}

/**
 * The QR panel's frame while its code loads, laid out as the panel is (its square, its two
 * buttons, not yet usable), so what is below (the partner's results, their "Entrar") does not
 * move under a finger about to tap it when the panel arrives.
 */
function QrPlaceholder() {
  return (
    <section className="kit-qr" aria-busy="true" aria-label={tKit.qr.title}>
      <h3>{tKit.qr.title}</h3>
      <p className="field-hint">{tKit.qr.hint}</p>
      <div className="kit-qr__code kit-qr__code--pending">
        <p role="status" className="kit-status">
          {tKit.qr.making}
        </p>
      </div>
      <div className="actions">
        <button type="button" className="button" disabled>
          {tKit.qr.svg}
        </button>
        <button type="button" className="button" disabled>
          {tKit.qr.png}
        </button>
      </div>
    </section>
  )
}
