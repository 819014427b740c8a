import { tAccount } from '../../../common/words/pt-br-account'

/** Money that arrived reads as good news; anything else as a notice. */
const GOOD = new Set<string>([tAccount.live.paid, tAccount.live.installmentPaid])

/**
 * The visible side of a change that came by itself (live-order.ts): the words, briefly
 * highlighted. Screen readers already heard them from the page's live region, so this is no
 * second status region.
 */
export function LiveChange({ words }: { words: string }) {
  return (
    <p key={words} className={`${GOOD.has(words) ? 'success' : 'notice'} order__live`}>
      {words}
    </p>
  )
}
