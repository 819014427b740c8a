import { ShareButtons } from '../../components/share-buttons'
import { tShare } from '../../i18n/pt-br-share'
import { orderLink } from '../../lib/share-links'
import { useSiteOrigin } from '../../state/site-origin'

/**
 * Share the public order page. The message is fixed words plus the link: the code is fine (it
 * is on the page anyone with the link sees), the buyer's name, document and e-mail never are.
 */
export function ShareOrder({ publicToken, code }: { publicToken: string; code: string }) {
  const w = tShare.order
  const origin = useSiteOrigin()
  return (
    <ShareButtons
      url={orderLink(origin, publicToken)}
      text={w.text}
      title={w.title(code)}
      labels={w}
    />
  )
}
