import { useEffect, useId, useRef, useState } from 'react'
import { announce } from '../../components/announce'
import { ShareButtons } from '../../components/share-buttons'
import { tProduct } from '../../i18n/pt-br-catalog'
import { productLink } from './product-link'

/** Copy link, WhatsApp and, where the browser has it, the system's share sheet. */
export function ProductShare({
  sku,
  name,
  linkRef,
}: {
  sku: string
  name: string
  linkRef: string | undefined
}) {
  const w = tProduct.share
  const url = productLink(window.location.origin, sku, linkRef)
  return (
    <section className="product-page__share" aria-labelledby="product-share-title">
      <h2 id="product-share-title" className="product-page__subtitle">
        {w.title}
      </h2>
      <div className="product-page__share-actions">
        <CopyLink url={url} />
        <ShareButtons url={url} text={w.text} title={name} labels={w} />
      </div>
    </section>
  )
}

/**
 * Without the Clipboard API (an old browser, an insecure context, a denied permission) the
 * address is shown selected, so it can be copied by hand.
 */
function CopyLink({ url }: { url: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (state !== 'failed') return
    inputRef.current?.focus()
    inputRef.current?.select()
  }, [state])

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable')
      await navigator.clipboard.writeText(url)
      setState('copied')
      announce(tProduct.share.copied)
    } catch {
      setState('failed')
    }
  }

  return (
    <>
      <button type="button" className="button" onClick={() => void copy()}>
        {tProduct.share.copy}
      </button>
      {/* The live region already speaks it: this is for the eyes only. */}
      {state === 'copied' && (
        <span className="product-page__copied" aria-hidden="true">
          ✓ {tProduct.share.copied}
        </span>
      )}
      {state === 'failed' && (
        <div className="product-page__copy-fallback" role="alert">
          <label htmlFor={inputId}>{tProduct.share.copyFailed}</label>
          <input id={inputId} type="url" readOnly value={url} ref={inputRef} />
        </div>
      )}
    </>
  )
}
