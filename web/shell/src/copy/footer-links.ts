import type { FooterLink } from '../layout/SiteFooter.js';

// The links each page's footer shows (spec section 2): every page links to the others it names, in that order.
export const HOME_LINK: FooterLink = { to: '/', label: 'Home' };
export const ABOUT_LINK: FooterLink = { to: '/about', label: 'About Us' };
export const POLICIES_LINK: FooterLink = { to: '/privacy', label: 'Policies' };
