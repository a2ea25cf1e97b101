import { useState } from 'react';
import { DEFAULT_PRODUCT_IMAGE } from './deal-display.js';

/** A product picture that falls back to the default one when missing or broken (spec: default-image fallback). */
export function ProductImage({ src, alt, className }: { src: string | undefined; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={!src || failed ? DEFAULT_PRODUCT_IMAGE : src}
      alt={alt}
      loading="lazy"
      className={className}
      onError={() => setFailed(true)}
    />
  );
}
