import type { PicturePipelineFactory } from '../http/types'
import { createPicturePipeline, type PictureConfig } from './picture-route'
import { loadSharp } from './resize'

export type { PictureConfig } from './picture-route'

/**
 * The picture pipeline when sharp loads (`RelayOptions.images`), else undefined: the relay then
 * passes the service's picture addresses through and the browser loads them as they are. Node
 * only (sharp, node:fs): the relay app never imports this folder; server/host/setup.ts does.
 */
export async function loadPicturePipeline(
  config: PictureConfig = {},
): Promise<PicturePipelineFactory | undefined> {
  const sharp = await loadSharp()
  return sharp ? createPicturePipeline(sharp, config) : undefined
}
