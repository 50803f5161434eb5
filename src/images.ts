/**
 * The pictures content names (content/images/), as the build publishes them under /assets/images/: an SVG as it is,
 * a photo as AVIF, WebP and a JPEG (or PNG, when it has transparency) at a few widths. Names carry a hash of
 * the file, so a changed picture gets a new address and the old one can be cached for a year.
 * No Node imports: the page components use this to write their markup.
 */

/** What the loader learns about a picture file (src/content/images.ts). */
export interface ImageAsset {
  /** The file name in content/images/, e.g. "meals.svg". */
  file: string;
  kind: 'svg' | 'raster';
  /** Intrinsic size, in CSS pixels for an SVG and pixels for a photo (after its EXIF rotation). */
  width: number;
  height: number;
  /** The first 10 hex digits of the sha256 of the file (and of how it is converted). */
  hash: string;
  /** The format of a photo's last-resort <img> source: JPEG, or PNG for a picture with transparency. */
  fallback: 'jpg' | 'png';
}

export type ImageFormat = 'avif' | 'webp' | 'jpg' | 'png';

/** One file the build writes for a picture, and where it is served. */
export interface ImageFile {
  url: string;
  /** For a photo: the width to resize to, and the format; an SVG is copied as it is. */
  width?: number;
  format?: ImageFormat;
}

/** The widths a photo is published at: these, up to the photo's own width (a smaller photo is not enlarged). */
export const PHOTO_WIDTHS = [480, 960, 1440] as const;

/** Bumped when the conversion changes, so that every photo's files get new names. */
export const IMAGE_PIPELINE_VERSION = '1';

function stem(file: string): string {
  return file.replace(/\.[^.]+$/, '');
}

export function photoWidths(asset: Pick<ImageAsset, 'width'>): number[] {
  const widths: number[] = PHOTO_WIDTHS.filter((width) => width <= asset.width);
  const last = Math.min(asset.width, PHOTO_WIDTHS.at(-1)!);
  if (!widths.includes(last)) widths.push(last);
  return widths;
}

export function photoFormats(asset: Pick<ImageAsset, 'fallback'>): ImageFormat[] {
  return ['avif', 'webp', asset.fallback];
}

export function imageUrl(asset: ImageAsset, width?: number, format?: ImageFormat): string {
  return asset.kind === 'svg' ? `/assets/images/${stem(asset.file)}.${asset.hash}.svg` : `/assets/images/${stem(asset.file)}.${asset.hash}-${width}.${format}`;
}

/** Every file published for a picture. */
export function imageFiles(asset: ImageAsset): ImageFile[] {
  if (asset.kind === 'svg') return [{ url: imageUrl(asset) }];
  return photoFormats(asset).flatMap((format) => photoWidths(asset).map((width) => ({ url: imageUrl(asset, width, format), width, format })));
}

/** The `srcset` of one format of a photo: "…-480.avif 480w, …-960.avif 960w". */
export function srcSet(asset: ImageAsset, format: ImageFormat): string {
  return photoWidths(asset)
    .map((width) => `${imageUrl(asset, width, format)} ${width}w`)
    .join(', ');
}

/** The height of a photo resized to `width`, as the converter rounds it. */
export function scaledHeight(asset: Pick<ImageAsset, 'width' | 'height'>, width: number): number {
  return Math.round((asset.height * width) / asset.width);
}
