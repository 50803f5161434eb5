/**
 * A picture named by content (`{ src, alt }`, schemas/image.ts), as published by the build (src/images.ts):
 * an SVG as one <img>; a photo as a <picture> offering AVIF and WebP at several widths, with a JPEG (or PNG)
 * <img> for older browsers. Width and height are always written, so the page keeps the picture's space while
 * it loads. A picture at the top of a page is `priority` (fetched first, never lazily); the others load lazily.
 */
import { createContext, useContext } from 'react';
import type { ContentImageRef } from '../content/schemas/image.ts';
import { type ImageAsset, imageUrl, photoWidths, srcSet } from '../images.ts';

const ImagesContext = createContext<Readonly<Record<string, ImageAsset>> | undefined>(undefined);

/** Given the content's `images` by the renderer, for every ContentImage of the page. */
export const ImagesProvider = ImagesContext.Provider;

export function ContentImage({ image, sizes, priority = false, className }: { image: ContentImageRef; sizes: string; priority?: boolean; className?: string }) {
  const asset = useContext(ImagesContext)?.[image.src];
  if (!asset) throw new Error(`The picture content/images/${image.src} was not loaded with the content (is the page rendered inside ImagesProvider?)`);
  const attributes = {
    alt: image.alt,
    width: asset.width,
    height: asset.height,
    decoding: 'async' as const,
    loading: priority ? ('eager' as const) : ('lazy' as const),
    fetchPriority: priority ? ('high' as const) : undefined,
    className,
  };
  if (asset.kind === 'svg') return <img src={imageUrl(asset)} {...attributes} />;
  const widths = photoWidths(asset);
  const middle = widths.find((width) => width >= 960) ?? widths.at(-1)!;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(asset, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(asset, 'webp')} sizes={sizes} />
      <img src={imageUrl(asset, middle, asset.fallback)} srcSet={srcSet(asset, asset.fallback)} sizes={sizes} {...attributes} />
    </picture>
  );
}
