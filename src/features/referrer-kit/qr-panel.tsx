import { useId, useMemo, useState } from 'react'
import { tKit } from '../../../common/words/pt-br-referrer-kit'
import { download, QR_MAX_LENGTH, qrMatrix, qrPath, qrPngFile, qrSvgFile, sideOf } from './qr-code'

/**
 * The link's QR code on the page, and as files to print: an SVG (5 cm, any size without loss)
 * and a PNG (591 px, 5 cm at 300 dpi), both with the store's name under the code. Made here, in
 * the browser: the link never goes to a QR service. A link too long to stay scannable gets no
 * code, and the panel says why and what to do.
 */
export default function QrPanel({
  url,
  caption,
  fileName,
}: {
  url: string
  caption: string
  fileName: string
}) {
  const matrix = useMemo(() => qrMatrix(url), [url])
  const [failed, setFailed] = useState(false)
  const ids = { title: useId(), hint: useId() }
  const w = tKit.qr

  const savePng = async () => {
    if (!matrix) return
    try {
      download(await qrPngFile(matrix, caption), `${fileName}.png`)
      setFailed(false)
    } catch {
      setFailed(true)
    }
  }

  return (
    <section className="kit-qr" aria-labelledby={ids.title}>
      <h3 id={ids.title}>{w.title}</h3>
      {matrix ? (
        <>
          <p id={ids.hint} className="field-hint">
            {w.hint}
          </p>
          <svg
            className="kit-qr__code"
            role="img"
            aria-label={w.image}
            viewBox={`0 0 ${sideOf(matrix)} ${sideOf(matrix)}`}
            width="200"
            height="200"
            shapeRendering="crispEdges"
          >
            <rect width="100%" height="100%" fill="#fff" />
            <path fill="#000" d={qrPath(matrix)} />
          </svg>
          <div className="actions">
            <button
              type="button"
              className="button"
              aria-describedby={ids.hint}
              onClick={() =>
                download(
                  new Blob([qrSvgFile(matrix, caption)], { type: 'image/svg+xml' }),
                  `${fileName}.svg`,
                )
              }
            >
              {w.svg}
            </button>
            <button
              type="button"
              className="button"
              aria-describedby={ids.hint}
              onClick={() => void savePng()}
            >
              {w.png}
            </button>
          </div>
          {failed && (
            <p role="alert" className="field-error">
              {w.failed}
            </p>
          )}
        </>
      ) : (
        <p role="status" className="kit-qr__too-long">
          {w.tooLong(QR_MAX_LENGTH)}
        </p>
      )}
    </section>
  )
}
