/**
 * The visible side of a change that came by itself (live-order.ts): the words, briefly
 * highlighted. Screen readers already heard them from the page's live region, so this is no
 * second status region.
 */
export function LiveChange({ words }: { words: string }) {
  return (
    <p key={words} className="notice order__live">
      {words}
    </p>
  )
}
