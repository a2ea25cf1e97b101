import { Link } from '@elts/router';
import { BrandLogo } from '@elts/ui';

/** The brand mark as the way home, named for screen readers. */
export function HomeLogoLink() {
  return (
    <Link to="/" className="inline-block rounded-lg">
      <BrandLogo />
      <span className="sr-only"> home</span>
    </Link>
  );
}
