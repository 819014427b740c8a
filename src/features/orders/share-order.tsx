import { tShare } from '../../../common/words/pt-br-share'
import { emailShareUrl, orderLink, whatsAppShareUrl } from '../../../common/rules/share-links'
import { useHydrated } from '../../state/use-hydrated'
import { useSiteOrigin } from '../../state/site-origin'

/**
 * A guest's only way back to their order is its link: send it to their own WhatsApp or e-mail,
 * or, where the browser has the Web Share API (mostly phones), anywhere its share sheet goes.
 * The message is fixed words plus the link: the buyer's name, document and e-mail never are,
 * nor the code or amount (share-links.ts). The links work before the app starts: plain hrefs.
 */
export function ShareOrder({ publicToken, code }: { publicToken: string; code: string }) {
  const w = tShare.order
  const url = orderLink(useSiteOrigin(), publicToken)
  const message = `${w.text} ${url}`
  // Feature-detected, no polyfill; asked after hydration: a server render has no browser to ask.
  const canShare = useHydrated() && typeof navigator.share === 'function'
  return (
    <div className="share-actions">
      <a
        className="button"
        href={whatsAppShareUrl(message)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {w.whatsapp}
        <span className="visually-hidden"> {w.newTab}</span>
      </a>
      {/* The buyer's mail app, addressed to nobody: they pick themselves. No new tab: mailto:
          opens an app, not a page. */}
      <a className="button" href={emailShareUrl(w.emailSubject, message)}>
        {w.email}
      </a>
      {canShare && (
        <button
          type="button"
          className="button"
          onClick={() => {
            // A person closing the sheet rejects the promise: nothing to report.
            navigator.share({ title: w.title(code), text: w.text, url }).catch(() => undefined)
          }}
        >
          {w.native}
        </button>
      )}
    </div>
  )
}
