import { useExternalStore } from '../state/external-store'
import { announcements } from './announce'

export function Announcer() {
  const { text } = useExternalStore(announcements)
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  )
}
