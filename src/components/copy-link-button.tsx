import { useId, useLayoutEffect, useRef, useState } from 'react'
import { announce } from './announce'
import './copy-link-button.css'

/**
 * Copies an address (an order's way back, a product to share). Without the Clipboard API (an
 * old browser, an insecure context, a denied permission) the address is shown selected, so it
 * can be copied by hand. Each page brings its own words.
 */
export function CopyLinkButton({
  url,
  labels,
}: {
  url: string
  labels: { copy: string; copied: string; copyFailed: string }
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)

  // Selected and focused, ready for Ctrl+C or the long-press menu.
  useLayoutEffect(() => {
    if (state !== 'failed') return
    inputRef.current?.focus()
    inputRef.current?.select()
  }, [state])

  async function copy() {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable')
      await navigator.clipboard.writeText(url)
      setState('copied')
      announce(labels.copied)
    } catch {
      setState('failed')
    }
  }

  return (
    <div className="copy-link">
      <button type="button" className="button" onClick={() => void copy()}>
        {labels.copy}
      </button>
      {/* The live region already speaks it: this is for the eyes only. */}
      {state === 'copied' && (
        <span className="copy-link__done" aria-hidden="true">
          ✓ {labels.copied}
        </span>
      )}
      {state === 'failed' && (
        <div className="copy-link__fallback" role="alert">
          <label htmlFor={inputId}>{labels.copyFailed}</label>
          <input id={inputId} type="url" readOnly value={url} ref={inputRef} />
        </div>
      )}
    </div>
  )
}
