import { useEffect, useId, useRef, useState } from 'react'
import { announce } from '../../components/announce'
import { tAccount } from '../../i18n/pt-br-account'

/**
 * Copies the page's address, the customer's way back to the order. Without the Clipboard API
 * (an old browser, an insecure context, a denied permission) the address is shown selected so
 * it can be copied by hand.
 */
export function CopyLinkButton() {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const href = window.location.href

  // Selected and focused, ready for Ctrl+C or the long-press menu.
  useEffect(() => {
    if (state !== 'failed') return
    inputRef.current?.focus()
    inputRef.current?.select()
  }, [state])

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable')
      await navigator.clipboard.writeText(href)
      setState('copied')
      announce(tAccount.order.linkCopied)
    } catch {
      setState('failed')
    }
  }

  return (
    <div className="copy-link">
      <button type="button" className="button" onClick={() => void copy()}>
        {tAccount.order.copyLink}
      </button>
      {/* The live region already speaks it: this is for the eyes only. */}
      {state === 'copied' && (
        <span className="copy-link__done" aria-hidden="true">
          ✓ {tAccount.order.linkCopied}
        </span>
      )}
      {state === 'failed' && (
        <div className="copy-link__fallback" role="alert">
          <label htmlFor={inputId}>{tAccount.order.copyFailed}</label>
          <input id={inputId} type="url" readOnly value={href} ref={inputRef} />
        </div>
      )}
    </div>
  )
}
