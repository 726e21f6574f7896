// The props of a person's picture shown small in the consoles (MUI Avatar, 40 px by default): the
// copy at the spec's size, not the uploaded original (docs/decisions/310-picture-sizes.md). No
// picture: no src, so the Avatar draws its placeholder.
import { pictureSources } from '../../../models/rules/storage-url.js';

export function avatarSources(picture: string | null | undefined, px = 40): { src?: string; srcSet?: string } {
  return picture ? pictureSources(picture, px) : {};
}
