import { Link } from '@elts/router';
import { BRAND, BrandLogo, SocialHandleLink } from '@elts/ui';
import { useSignIn } from '../session/SignIn.js';

export interface FooterLink {
  to: string;
  label: string;
}

export interface SiteFooterProps {
  /** Each page names its own links (the landing page: About Us and Policies; the about page: Home and Policies). */
  links: readonly FooterLink[];
  /** 'Already a member? login' on most pages, 'Already in the club? login' on the policies page. */
  loginLabel: string;
}

const linkClass = 'rounded text-white/85 underline-offset-4 transition-colors hover:text-white hover:underline';

export function SiteFooter({ links, loginLabel }: SiteFooterProps) {
  const signIn = useSignIn();
  return (
    <footer className="bg-brand-950 text-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-[1.4fr_1fr] lg:px-8">
        <div className="space-y-3">
          <BrandLogo />
          <p className="max-w-sm text-sm text-white/75">
            A members-only deals community for shoppers in India. Never pay retail price again.
          </p>
          <p className="text-sm text-white/75">
            Follow us <SocialHandleLink className="text-marigold-300 hover:text-marigold-200" />
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-col gap-3 text-[0.95rem] font-medium lg:items-end">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" onClick={signIn} className={`${linkClass} cursor-pointer`}>
                {loginLabel}
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-white/10 py-5 text-center text-xs text-white/70">{BRAND.copyright}. All rights reserved.</p>
    </footer>
  );
}
